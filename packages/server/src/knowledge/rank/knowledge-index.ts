/**
 * An assistant's knowledge as the learned ranker reads it (docs/architecture.md#knowledge-and-answers):
 * the sentence index (sentence-index.ts) of its visible chunks (the knowledge-base text and the
 * chunks of `ready` files) and of its FAQs' answers, with each chunk's source, held per process.
 *
 * A question first reads the assistant's stamp (one row: `knowledge_version`, bumped in the
 * transaction of every write of chunks or FAQs, and the ready files' ids and names); an index built
 * under another stamp is built again before the question is answered, so every process answers
 * from what is saved, whichever process saved it. Indexes are kept in a cache bounded in bytes,
 * least recently used first out.
 */
import type { Source } from '@conversa/contract/chat';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { SemanticHit } from '../embeddings/vector-index';
import { type DetectedLanguage, languageOfConfig } from '../text/language';
import { buildSentenceIndex, type SentenceIndex } from './sentence-index';

/** Bytes of indexes kept at most, all assistants of a database together (10k chunks: about 160 MB). */
export const INDEX_CACHE_BYTES = 256 * 1024 * 1024;
/**
 * Bytes an index takes per character of its chunks (texts, sentences, terms and postings): 10k
 * chunks of 7.5 M characters took 161 MB of heap, built in about 4 s on this machine.
 */
const BYTES_PER_CHAR = 22;

export interface AssistantScope {
  institutionId: number;
  assistantId: number;
}

export interface KnowledgeIndex extends SentenceIndex {
  /** Per chunk indexed: its text, its source, and its row (a chunk's or an FAQ's id). */
  chunks: { text: string; source: Source; owner: SemanticHit['kind']; id: number }[];
  /** The language most of it is written in (KNOWLEDGE_LANGUAGE_SHARE of its text); null when mixed or none. */
  language: DetectedLanguage | null;
  /** Bytes it is reckoned to take. */
  bytes: number;
}

/** The share of the knowledge's text one language needs to be the knowledge's language. */
export const KNOWLEDGE_LANGUAGE_SHARE = 0.8;

interface ChunkRow {
  id: number;
  owner: 'chunk' | 'faq';
  kind: Source['kind'];
  file_id: number | null;
  title: string | null;
  text: string;
  language: string;
}

/** The stamp of an assistant's knowledge: any write of it, or a file ready, renamed or gone, changes it. */
async function stampOf(db: Db, { institutionId, assistantId }: AssistantScope): Promise<string> {
  const result = (await db.execute(sql`
    select p.knowledge_version as version,
      (select string_agg(f.id::text || ':' || f.name, '/' order by f.id) from product_files f
        where f.institution_id = ${institutionId} and f.product_id = ${assistantId} and f.state = 'ready') as files
    from institution_products p where p.institution_id = ${institutionId} and p.id = ${assistantId}`)) as unknown as {
    rows: { version: number; files: string | null }[];
  };
  const [row] = result.rows;
  return row ? `${row.version}|${row.files ?? ''}` : '';
}

/** Reads and indexes an assistant's visible chunks (in reading order) and FAQ answers. */
export async function loadKnowledgeIndex(db: Db, { institutionId, assistantId }: AssistantScope) {
  const result = (await db.execute(sql`
    select c.id, 'chunk' as owner, c.source as kind, c.file_id, f.name as title, c.content as text,
      c.language::text as language
    from knowledge_chunks c left join product_files f on f.id = c.file_id
    where c.institution_id = ${institutionId} and c.product_id = ${assistantId}
      and (c.file_id is null or f.state = 'ready')
    union all
    select q.id, 'faq', 'faq', null, q.question, q.answer, q.language::text
    from product_faqs q where q.institution_id = ${institutionId} and q.product_id = ${assistantId}
    order by 2, 4 nulls first, 1`)) as unknown as { rows: ChunkRow[] };
  const rows = result.rows;
  const index = buildSentenceIndex(
    rows.map((row) => ({ text: row.text, language: languageOfConfig(row.language) })),
  );
  const chunks = rows.map((row) => ({
    text: row.text,
    source: { kind: row.kind, title: row.title, file_id: row.file_id },
    owner: row.owner,
    id: row.id,
  }));
  const bytes = rows.reduce((sum, row) => sum + row.text.length, 0) * BYTES_PER_CHAR;
  return Object.assign(index, { chunks, language: languageOfAll(index), bytes }) satisfies KnowledgeIndex;
}

/** The language of KNOWLEDGE_LANGUAGE_SHARE of the sentences' text, if one is. */
function languageOfAll({ sentences }: SentenceIndex): DetectedLanguage | null {
  const written = { es: 0, en: 0 };
  let whole = 0;
  for (const { text, language } of sentences) {
    whole += text.length;
    if (language) written[language] += text.length;
  }
  if (whole === 0) return null;
  return (['es', 'en'] as const).find((one) => written[one] >= KNOWLEDGE_LANGUAGE_SHARE * whole) ?? null;
}

interface Entry {
  stamp: string;
  index: Promise<KnowledgeIndex>;
  bytes: number;
}

const caches = new WeakMap<object, Map<string, Entry>>();

/** The sentence index of an assistant's knowledge as saved now (see the module's comment). */
export async function knowledgeIndex(db: Db, scope: AssistantScope): Promise<KnowledgeIndex> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const key = `${scope.institutionId}:${scope.assistantId}`;
  const stamp = await stampOf(db, scope);
  const held = cache.get(key);
  // Most recently used last.
  cache.delete(key);
  if (held && held.stamp === stamp) {
    cache.set(key, held);
    return held.index;
  }
  const entry: Entry = { stamp, index: loadKnowledgeIndex(db, scope), bytes: 0 };
  cache.set(key, entry);
  try {
    const index = await entry.index;
    entry.bytes = index.bytes;
  } catch (error) {
    if (cache.get(key) === entry) cache.delete(key);
    throw error;
  }
  let bytes = 0;
  for (const other of cache.values()) bytes += other.bytes;
  for (const [other, { bytes: size }] of cache) {
    if (bytes <= INDEX_CACHE_BYTES || other === key) break;
    cache.delete(other);
    bytes -= size;
  }
  return entry.index;
}
