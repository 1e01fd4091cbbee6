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
 *
 * Building is paced, so saving and asking in a loop cannot keep a process busy: a build hands the
 * event loop back every few milliseconds (buildSentenceIndexInSlices); questions that arrive while
 * one runs wait for it rather than start another; and an index of PACED_INDEX_BYTES or more that
 * took PACED_BUILD_MS or more to build is built again at most once per REBUILD_INTERVAL_FACTOR times that long, answering from
 * the index held until then (10k chunks: about 4 s to build, so at most 40 s behind a save).
 */
import type { Source } from '@conversa/contract/chat';
import { Semaphore } from 'async-mutex';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { SemanticHit } from '../embeddings/vector-index';
import { type DetectedLanguage, languageOfConfig } from '../text/language';
import { sourceOf } from '../retrieval';
import { buildSentenceIndexInSlices, type SentenceIndex } from './sentence-index';

/** Bytes of indexes kept at most in a process, all assistants together (10k chunks: about 160 MB). */
export const INDEX_CACHE_BYTES = 256 * 1024 * 1024;
/**
 * Bytes an index takes per character of its chunks (texts, sentences, terms and postings): 10k
 * chunks of 7.5 M characters took 161 MB of heap, built in about 4 s on this machine.
 */
const BYTES_PER_CHAR = 22;
/**
 * Megabytes of indexes being built at once in a process, all assistants together: builds beyond it
 * wait their turn (one larger than it runs alone), so questions to many large knowledge bases at
 * once cannot take the process past its heap.
 */
export const INDEX_BUILD_MB = 1024;
export const indexBuilds = new Semaphore(INDEX_BUILD_MB);

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
  /** Milliseconds building it took (its turn waited for left out). */
  buildMs: number;
}

/** The share of the knowledge's text one language needs to be the knowledge's language. */
export const KNOWLEDGE_LANGUAGE_SHARE = 0.8;

interface ChunkRow {
  id: number;
  owner: 'chunk' | 'faq';
  kind: Source['kind'];
  file_id: number | null;
  title: string | null;
  url: string | null;
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
    select c.id, 'chunk' as owner, c.source as kind, c.file_id, coalesce(f.name, w.title, w.url) as title,
      w.url, c.content as text, c.language::text as language
    from knowledge_chunks c left join product_files f on f.id = c.file_id
      left join website_pages w on w.id = c.page_id
    where c.institution_id = ${institutionId} and c.product_id = ${assistantId}
      and (c.file_id is null or f.state = 'ready')
    union all
    select q.id, 'faq', 'faq', null, q.question, null, q.answer, q.language::text
    from product_faqs q where q.institution_id = ${institutionId} and q.product_id = ${assistantId}
    order by 2, 4 nulls first, 1`)) as unknown as { rows: ChunkRow[] };
  const rows = result.rows;
  const bytes = rows.reduce((sum, row) => sum + row.text.length, 0) * BYTES_PER_CHAR;
  const megabytes = Math.min(INDEX_BUILD_MB, Math.max(1, Math.ceil(bytes / 2 ** 20)));
  const { index, buildMs } = await indexBuilds.runExclusive(async () => {
    const started = performance.now();
    const built = await buildSentenceIndexInSlices(
      rows.map((row) => ({
        text: row.text,
        language: languageOfConfig(row.language),
        document: row.owner === 'faq' ? `faq:${row.id}` : `${row.kind}:${row.file_id ?? row.url ?? ''}`,
      })),
    );
    return { index: built, buildMs: performance.now() - started };
  }, megabytes);
  const chunks = rows.map((row) => ({
    text: row.text,
    source: sourceOf(row),
    owner: row.owner,
    id: row.id,
  }));
  return Object.assign(index, {
    chunks,
    language: languageOfAll(index),
    bytes,
    buildMs,
  }) satisfies KnowledgeIndex;
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

/** A build shorter than this is done again at once after any save. */
export const PACED_BUILD_MS = 100;
/**
 * Nor is an index smaller than this ever paced (about 180k characters, 100 ms to build on a quiet
 * machine): a small knowledge base is never stale, however loaded the machine (a build's time is
 * the wall clock's, which load stretches).
 */
export const PACED_INDEX_BYTES = 4 * 1024 * 1024;
/** A longer one is done again at most once per this many times its duration (at most a tenth of the time). */
export const REBUILD_INTERVAL_FACTOR = 10;

export interface Pacing {
  pacedBuildMs: number;
  pacedBytes: number;
  intervalFactor: number;
  /** The clock, in milliseconds. */
  now: () => number;
}

const PACING: Pacing = {
  pacedBuildMs: PACED_BUILD_MS,
  pacedBytes: PACED_INDEX_BYTES,
  intervalFactor: REBUILD_INTERVAL_FACTOR,
  now: () => performance.now(),
};

interface Entry {
  stamp: string;
  index: Promise<KnowledgeIndex>;
  bytes: number;
  /** When its build ended (the pacing's clock), and how long it took; NaN while building. */
  builtAt: number;
  buildMs: number;
}

/** One cache for the whole process: its bound holds whatever databases the process opens (tests and benches open many). */
const cache = new Map<string, Entry>();
/** A number per database object, for the cache's keys. */
const databaseIds = new WeakMap<object, number>();
let nextDatabaseId = 0;

/** Whether a built index under another stamp than the saved one is to be built again now. */
function rebuildDue(held: Entry, pacing: Pacing): boolean {
  if (held.buildMs < pacing.pacedBuildMs || held.bytes < pacing.pacedBytes) return true;
  return pacing.now() >= held.builtAt + held.buildMs * pacing.intervalFactor;
}

/** The sentence index of an assistant's knowledge as saved now, or as lately as pacing allows (see the module's comment). */
export async function knowledgeIndex(
  db: Db,
  scope: AssistantScope,
  pacing: Pacing = PACING,
): Promise<KnowledgeIndex> {
  let databaseId = databaseIds.get(db);
  if (databaseId === undefined) {
    databaseId = nextDatabaseId++;
    databaseIds.set(db, databaseId);
  }
  const key = `${databaseId}:${scope.institutionId}:${scope.assistantId}`;
  const stamp = await stampOf(db, scope);
  let held = cache.get(key);
  while (held && held.stamp !== stamp && Number.isNaN(held.builtAt)) {
    // One build at a time per assistant: wait for the one under way, then see if it will do.
    await held.index.catch(() => undefined);
    held = cache.get(key);
  }
  if (held && !Number.isNaN(held.builtAt) && (held.stamp === stamp || !rebuildDue(held, pacing))) {
    // Most recently used last.
    cache.delete(key);
    cache.set(key, held);
    return held.index;
  }
  if (held && held.stamp === stamp) return held.index;
  const entry: Entry = { stamp, index: loadKnowledgeIndex(db, scope), bytes: 0, builtAt: NaN, buildMs: NaN };
  cache.delete(key);
  cache.set(key, entry);
  try {
    const index = await entry.index;
    entry.bytes = index.bytes;
    entry.builtAt = pacing.now();
    entry.buildMs = index.buildMs;
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
