/**
 * Writes the search index of an assistant's knowledge (docs/architecture.md#knowledge-and-answers): the chunks of one file, or of
 * the knowledge-base text, replaced as a whole. The processing job calls this once a file's text is
 * chunked; saving the knowledge base calls it with the new text's chunks.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { detectLanguage, textSearchConfig } from './text/language';

export interface ReplaceChunksInput {
  institutionId: number;
  assistantId: number;
  /** The file the chunks come from; null for the knowledge-base text and website pages. */
  fileId: number | null;
  /** The website page the chunks come from (source `website`). */
  pageId?: number | null;
  source: 'file' | 'knowledge_base' | 'website';
  chunks: string[];
}

/** The advisory lock class of an assistant's knowledge index (its id is the other half). */
const TOTALS_LOCK = 0x6b6e6f77; // "knov"

/** Rows per insert: each insert is a handful of array parameters, whatever the row count. */
const BATCH = 1000;

/**
 * Replaces the chunks of a file (or of the knowledge-base text) in one transaction: readers see the
 * old chunks or the new ones, never a mix. Each chunk is indexed in its own language (a document
 * may mix them); a chunk too short to tell takes the language of the whole text.
 */
export async function replaceChunks(db: Db, input: ReplaceChunksInput): Promise<void> {
  const { institutionId, assistantId, fileId, source } = input;
  const pageId = input.pageId ?? null;
  const chunks = input.chunks.filter((chunk) => chunk.trim() !== '');
  const overall = detectLanguage(chunks.slice(0, 20).join('\n'));
  const languages = chunks.map((chunk) => textSearchConfig(detectLanguage(chunk) ?? overall));

  const scope =
    pageId !== null
      ? sql`page_id = ${pageId}`
      : fileId === null
        ? sql`file_id is null and source = ${source}`
        : sql`file_id = ${fileId}`;
  await db.transaction(async (tx) => {
    // One writer per assistant at a time: two files ready at once would otherwise update the same
    // knowledge_term_totals rows in different orders (a deadlock on PostgreSQL).
    await tx.execute(sql`select pg_advisory_xact_lock(${TOTALS_LOCK}, ${assistantId})`);
    for (const table of ['knowledge_chunks', 'knowledge_terms']) {
      await tx.execute(sql`
        delete from ${sql.identifier(table)}
        where institution_id = ${institutionId} and product_id = ${assistantId} and ${scope}`);
    }
    for (let start = 0; start < chunks.length; start += BATCH) {
      const contents = chunks.slice(start, start + BATCH);
      const positions = contents.map((_, i) => start + i);
      // One statement per batch: three arrays unnested, instead of seven parameters per row.
      await tx.execute(sql`
        insert into knowledge_chunks (institution_id, product_id, file_id, page_id, source, position, content, language)
        select ${institutionId}, ${assistantId}, ${fileId}::integer, ${pageId}::bigint, ${source}, t.position, t.content, t.language::regconfig
        from unnest(${sql.param(positions)}::integer[], ${sql.param(contents)}::text[], ${sql.param(languages.slice(start, start + BATCH))}::text[])
          as t(position, content, language)`);
    }
    if (chunks.length > 0) await writeTerms(tx, input);
    await bumpKnowledgeVersion(tx, institutionId, assistantId);
  });
  // New GIN entries wait in the index's pending list, which every search scans in full, until a
  // vacuum merges them; PGlite has no autovacuum. Merging now keeps searches on the index proper.
  if (chunks.length > 0)
    await db.execute(sql`select gin_clean_pending_list('knowledge_chunks_tsv_idx'::regclass)`);
}

/**
 * Marks an assistant's knowledge as changed (`knowledge_version`), in the transaction that changes
 * it: every process's sentence index of it (knowledge/rank/knowledge-index.ts) is then read again.
 */
export async function bumpKnowledgeVersion(db: Db, institutionId: number, assistantId: number) {
  await db.execute(sql`
    update institution_products set knowledge_version = knowledge_version + 1
    where institution_id = ${institutionId} and id = ${assistantId}`);
}

/**
 * The document frequencies of the chunks just written (`knowledge_terms`): how many of them hold
 * each lexeme, and their count under the empty lexeme. `ts_stat` takes its query as text; the
 * scope is made of integers and a fixed source name, written as literals.
 */
async function writeTerms(
  db: Db,
  { institutionId, assistantId, fileId, pageId = null, source }: ReplaceChunksInput,
) {
  const where = `institution_id = ${Math.trunc(institutionId)} and product_id = ${Math.trunc(assistantId)} and ${
    pageId !== null
      ? `page_id = ${Math.trunc(pageId)}`
      : fileId === null
        ? `file_id is null and source = '${source}'`
        : `file_id = ${Math.trunc(fileId)}`
  }`;
  await db.execute(sql`
    insert into knowledge_terms (institution_id, product_id, file_id, page_id, source, lexeme, chunks)
    select ${institutionId}::integer, ${assistantId}::integer, ${fileId}::integer, ${pageId}::bigint, ${source}::text, word, ndoc
    from ts_stat(${`select tsv from knowledge_chunks where ${where}`}::text)
    union all
    select ${institutionId}::integer, ${assistantId}::integer, ${fileId}::integer, ${pageId}::bigint, ${source}::text, '', count(*)::integer
    from knowledge_chunks where ${sql.raw(where)}`);
}
