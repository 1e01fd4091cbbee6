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
  /** The file the chunks come from; null for the knowledge-base text. */
  fileId: number | null;
  source: 'file' | 'knowledge_base';
  chunks: string[];
}

/** Rows per insert: each insert is a handful of array parameters, whatever the row count. */
const BATCH = 1000;

/**
 * Replaces the chunks of a file (or of the knowledge-base text) in one transaction: readers see the
 * old chunks or the new ones, never a mix. Each chunk is indexed in its own language (a document
 * may mix them); a chunk too short to tell takes the language of the whole text.
 */
export async function replaceChunks(db: Db, input: ReplaceChunksInput): Promise<void> {
  const { institutionId, assistantId, fileId, source } = input;
  const chunks = input.chunks.filter((chunk) => chunk.trim() !== '');
  const overall = detectLanguage(chunks.slice(0, 20).join('\n'));
  const languages = chunks.map((chunk) => textSearchConfig(detectLanguage(chunk) ?? overall));

  await db.transaction(async (tx) => {
    await tx.execute(sql`
      delete from knowledge_chunks
      where institution_id = ${institutionId} and product_id = ${assistantId}
        and ${fileId === null ? sql`file_id is null and source = ${source}` : sql`file_id = ${fileId}`}`);
    for (let start = 0; start < chunks.length; start += BATCH) {
      const contents = chunks.slice(start, start + BATCH);
      const positions = contents.map((_, i) => start + i);
      // One statement per batch: three arrays unnested, instead of seven parameters per row.
      await tx.execute(sql`
        insert into knowledge_chunks (institution_id, product_id, file_id, source, position, content, language)
        select ${institutionId}, ${assistantId}, ${fileId}::integer, ${source}, t.position, t.content, t.language::regconfig
        from unnest(${sql.param(positions)}::integer[], ${sql.param(contents)}::text[], ${sql.param(languages.slice(start, start + BATCH))}::text[])
          as t(position, content, language)`);
    }
  });
  // New GIN entries wait in the index's pending list, which every search scans in full, until a
  // vacuum merges them; PGlite has no autovacuum. Merging now keeps searches on the index proper.
  if (chunks.length > 0)
    await db.execute(sql`select gin_clean_pending_list('knowledge_chunks_tsv_idx'::regclass)`);
}
