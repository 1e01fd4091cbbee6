/**
 * The vectors of semantic retrieval (docs/architecture.md#knowledge-and-answers, "Semantic
 * retrieval"): one per knowledge chunk and one per FAQ, for the model that made it, stored as int8
 * bytes (`knowledge/embeddings/vector-index.ts`). Keyed by the passage (its deletion takes the
 * vector with it), tenant columns first in the index the assistant's vectors are read by.
 */
import { bigint, customType, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { assistantFaqs, assistantRef, institutionRef } from './schema';
import { knowledgeChunks } from './knowledge-schema';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** A knowledge chunk's vector. */
export const chunkVectors = pgTable(
  'knowledge_chunk_vectors',
  {
    chunkId: bigint('chunk_id', { mode: 'number' })
      .primaryKey()
      .references(() => knowledgeChunks.id, { onDelete: 'cascade' }),
    institutionId: institutionRef(),
    assistantId: assistantRef(),
    /** The model (and options) that made it (`modelKey`); another model's vectors are made again. */
    model: text('model').notNull(),
    /** The int8 components, one byte per dimension. */
    vector: bytea('vector').notNull(),
  },
  (t) => [index('knowledge_chunk_vectors_product_idx').on(t.institutionId, t.assistantId, t.model)],
);

/** An FAQ's vector (its question and answer together). */
export const faqVectors = pgTable(
  'product_faq_vectors',
  {
    faqId: integer('faq_id')
      .primaryKey()
      .references(() => assistantFaqs.id, { onDelete: 'cascade' }),
    institutionId: institutionRef(),
    assistantId: assistantRef(),
    model: text('model').notNull(),
    vector: bytea('vector').notNull(),
  },
  (t) => [index('product_faq_vectors_product_idx').on(t.institutionId, t.assistantId, t.model)],
);
