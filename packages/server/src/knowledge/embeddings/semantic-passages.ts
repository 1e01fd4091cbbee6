/**
 * The semantic ranking's passages beside the lexical ones (docs/architecture.md#knowledge-and-answers,
 * "Semantic retrieval"): a passage both found gets its cosine (`semantic`), and those only the
 * meaning found join after them, with no words held (support 0), for the trainer's try-it. The
 * ranker reads the cosines themselves (`Retrieval.nearest`), not these passages.
 */
import type { Db } from '../../db/database';
import type { Passage } from '../retrieval';
import type { SemanticHit } from './vector-index';
import { type AssistantScope, vectorsRepo } from './vectors.repo';

/** `passages` with the semantic hits' cosines, and the hits lexical retrieval missed after them. */
export async function withSemanticPassages(
  db: Db,
  scope: AssistantScope,
  passages: Passage[],
  hits: SemanticHit[],
): Promise<Passage[]> {
  if (hits.length === 0) return passages;
  const rows = await vectorsRepo(db).passages(scope, hits);
  const byHit = new Map(rows.map((row) => [`${row.kind}:${row.id}`, row]));
  const out = passages.map((passage) => ({ ...passage }));
  for (const hit of hits) {
    const row = byHit.get(`${hit.kind}:${hit.id}`);
    if (!row) continue; // deleted since its vector was read
    // Lexical rows carry no id: the same text of the same kind is the same passage.
    const same = out.find(
      (passage) => passage.text === row.text && (passage.source.kind === 'faq') === (row.kind === 'faq'),
    );
    if (same) {
      same.semantic = Math.max(same.semantic ?? -1, hit.score);
      continue;
    }
    out.push({
      source: { kind: row.source, title: row.title, file_id: row.file_id },
      text: row.text,
      question: row.question,
      hits: 0,
      held: [],
      support: 0,
      rank: 0,
      strong: false,
      semantic: hit.score,
    });
  }
  return out;
}
