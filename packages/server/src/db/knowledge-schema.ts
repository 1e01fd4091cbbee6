/**
 * What an assistant knows (drizzle; docs/architecture.md#knowledge-and-answers): its uploaded files,
 * their passages with the full-text vectors, and the per-term counts the BM25 ranking reads. Beside
 * `schema.ts`, as the other parts' schema files are.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { assistantRef, institutionRef, createdAt, updatedAt, regconfig, tsvector } from './schema';

/** An uploaded file (TXT, DOCX, PDF); its bytes live in storage under `storage_key`. */
export const assistantFiles = pgTable(
  'product_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    institutionId: institutionRef(),
    assistantId: assistantRef(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    /** `processing`, `ready` or `failed`. */
    state: text('state').notNull().default('processing'),
    /** Why it failed (contract FILE_FAILURE_REASONS). */
    reason: text('reason'),
    pages: integer('pages'),
    chars: integer('chars'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Unique, for the passages' and terms' foreign keys (below), which name the tenant and the assistant.
  (t) => [uniqueIndex('product_files_product_idx').on(t.institutionId, t.assistantId, t.id)],
);

/**
 * Indexed passages of an assistant's knowledge: its files and its knowledge-base text. `tsv` holds
 * the stems of the passage's language plus `simple` lexemes, so a question still matches when its
 * language differs or was guessed wrong.
 */
export const knowledgeChunks = pgTable(
  'knowledge_chunks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    institutionId: institutionRef(),
    assistantId: assistantRef(),
    /** Null for knowledge-base text; the foreign key (below) is (institution_id, product_id, file_id). */
    fileId: integer('file_id'),
    /** A website page's passages (`website_pages`, on delete cascade: the key is in migration 0026). */
    pageId: bigint('page_id', { mode: 'number' }),
    /** `file`, `knowledge_base` or `website`. */
    source: text('source').notNull(),
    position: integer('position').notNull(),
    content: text('content').notNull(),
    language: regconfig('language').notNull(),
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector(language, content) || to_tsvector('simple'::regconfig, content)`),
  },
  (t) => [
    // With the tenant and the assistant, so a file's deletion finds its passages by the index below:
    // on file_id alone, PostgreSQL read every tenant's passages for each file deleted.
    foreignKey({
      name: 'knowledge_chunks_file_fk',
      columns: [t.institutionId, t.assistantId, t.fileId],
      foreignColumns: [assistantFiles.institutionId, assistantFiles.assistantId, assistantFiles.id],
    }).onDelete('cascade'),
    index('knowledge_chunks_product_idx').on(t.institutionId, t.assistantId, t.fileId, t.position),
    index('knowledge_chunks_page_idx').on(t.pageId),
    index('knowledge_chunks_tsv_idx').using('gin', t.tsv),
  ],
);

/**
 * How many chunks of a file (or of the knowledge-base text) hold each lexeme of their `tsv`, written
 * with the chunks (`ts_stat`): retrieval weighs a question's words by how rare they are in the
 * assistant's knowledge (IDF). The row with the empty lexeme (never a real one) counts the chunks.
 */
export const knowledgeTerms = pgTable(
  'knowledge_terms',
  {
    institutionId: institutionRef(),
    assistantId: assistantRef(),
    /** Null for knowledge-base text; the foreign key (below) is (institution_id, product_id, file_id). */
    fileId: integer('file_id'),
    /** A website page's terms (on delete cascade, as its chunks). */
    pageId: bigint('page_id', { mode: 'number' }),
    /** `file`, `knowledge_base` or `website`. */
    source: text('source').notNull(),
    lexeme: text('lexeme').notNull(),
    chunks: integer('chunks').notNull(),
  },
  (t) => [
    foreignKey({
      name: 'knowledge_terms_file_fk',
      columns: [t.institutionId, t.assistantId, t.fileId],
      foreignColumns: [assistantFiles.institutionId, assistantFiles.assistantId, assistantFiles.id],
    }).onDelete('cascade'),
    index('knowledge_terms_scope_idx').on(t.institutionId, t.assistantId, t.fileId),
    index('knowledge_terms_page_idx').on(t.pageId),
  ],
);

/**
 * `knowledge_terms` summed per assistant and lexeme, kept by a trigger on it (migration 0011):
 * retrieval reads one row per word instead of one per file. It counts every file's chunks, ready
 * or not (a file processed again keeps its old chunks meanwhile): word weights, not passages.
 */
export const knowledgeTermTotals = pgTable(
  'knowledge_term_totals',
  {
    institutionId: institutionRef(),
    assistantId: assistantRef(),
    lexeme: text('lexeme').notNull(),
    chunks: integer('chunks').notNull(),
  },
  (t) => [primaryKey({ columns: [t.institutionId, t.assistantId, t.lexeme] })],
);
