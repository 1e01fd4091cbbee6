/**
 * The stored vectors of semantic retrieval (`db/embeddings-schema.ts`): which passages of an
 * assistant lack one for the current model, writing them, and reading an assistant's for its
 * index. Passages are the chunks of the knowledge-base text and of `ready` files, and the FAQs
 * (question and answer together), as lexical retrieval sees them.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { StoredVector, VectorOwner } from './vector-index';

/** An assistant of an institution. */
export interface AssistantScope {
  institutionId: number;
  assistantId: number;
}

/** A passage lacking a vector. */
export interface PassageRef {
  kind: VectorOwner;
  id: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A bytea as the drivers hand it: bytes (PGlite, node-postgres) or `\x…` hex text. */
export function bytesOf(value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (typeof value === 'string' && value.startsWith('\\x'))
    return Uint8Array.from(Buffer.from(value.slice(2), 'hex'));
  throw new TypeError('vectors: a bytea column held something else');
}

/** Chunks of the knowledge-base text or of ready files (a file still processing may hold its chunks already). */
const READY_CHUNK = sql`(c.file_id is null or exists (
  select 1 from product_files f where f.id = c.file_id and f.institution_id = c.institution_id and f.state = 'ready'))`;

/** The vectors of one database. */
export function vectorsRepo(db: Db) {
  return {
    /** The passages of an assistant without a vector of `model`, oldest first (a model change included). */
    async missing({ institutionId, assistantId }: AssistantScope, model: string): Promise<PassageRef[]> {
      const result = await db.execute(sql`
        select 'chunk' as kind, c.id from knowledge_chunks c
        where c.institution_id = ${institutionId} and c.product_id = ${assistantId} and ${READY_CHUNK}
          and not exists (select 1 from knowledge_chunk_vectors v where v.chunk_id = c.id and v.model = ${model})
        union all
        select 'faq', f.id from product_faqs f
        where f.institution_id = ${institutionId} and f.product_id = ${assistantId}
          and not exists (select 1 from product_faq_vectors v where v.faq_id = f.id and v.model = ${model})
        order by 1, 2`);
      return rowsOf<{ kind: VectorOwner; id: string | number }>(result).map((row) => ({
        kind: row.kind,
        id: Number(row.id),
      }));
    },

    /** The texts to embed of these passages (those still there), by kind and id. */
    async texts({ institutionId, assistantId }: AssistantScope, refs: PassageRef[]) {
      const chunkIds = refs.filter((ref) => ref.kind === 'chunk').map((ref) => ref.id);
      const faqIds = refs.filter((ref) => ref.kind === 'faq').map((ref) => ref.id);
      const result = await db.execute(sql`
        select 'chunk' as kind, id, content as text from knowledge_chunks
        where institution_id = ${institutionId} and product_id = ${assistantId}
          and id = any(${sql.param(chunkIds)}::bigint[])
        union all
        select 'faq', id, question || E'\n' || answer from product_faqs
        where institution_id = ${institutionId} and product_id = ${assistantId}
          and id = any(${sql.param(faqIds)}::integer[])`);
      return rowsOf<{ kind: VectorOwner; id: string | number; text: string }>(result).map((row) => ({
        kind: row.kind,
        id: Number(row.id),
        text: row.text,
      }));
    },

    /**
     * Writes vectors (replacing another model's). Passages deleted meanwhile are skipped: the
     * vectors are joined with their passages, in the assistant.
     */
    async save(scope: AssistantScope, model: string, vectors: StoredVector[]): Promise<void> {
      for (const kind of ['chunk', 'faq'] as const) {
        const mine = vectors.filter((vector) => vector.kind === kind);
        if (mine.length === 0) continue;
        const ids = mine.map((vector) => vector.id);
        // Hex text: a text[] parameter reaches both drivers the same way.
        const hex = mine.map((vector) => Buffer.from(vector.vector).toString('hex'));
        const [table, key, passages, idType] =
          kind === 'chunk'
            ? ['knowledge_chunk_vectors', 'chunk_id', 'knowledge_chunks', 'bigint']
            : ['product_faq_vectors', 'faq_id', 'product_faqs', 'integer'];
        await db.execute(sql`
          insert into ${sql.identifier(table)} (${sql.identifier(key)}, institution_id, product_id, model, vector)
          select p.id, p.institution_id, p.product_id, ${model}, decode(t.hex, 'hex')
          from unnest(${sql.param(ids)}::${sql.raw(idType)}[], ${sql.param(hex)}::text[]) as t(id, hex)
          join ${sql.identifier(passages)} p
            on p.id = t.id and p.institution_id = ${scope.institutionId} and p.product_id = ${scope.assistantId}
          on conflict (${sql.identifier(key)}) do update set model = excluded.model, vector = excluded.vector`);
      }
    },

    /** An assistant's vectors of `model`, of the passages retrieval may use. */
    async load({ institutionId, assistantId }: AssistantScope, model: string): Promise<StoredVector[]> {
      const result = await db.execute(sql`
        select 'chunk' as kind, v.chunk_id as id, v.vector from knowledge_chunk_vectors v
        join knowledge_chunks c on c.id = v.chunk_id
        where v.institution_id = ${institutionId} and v.product_id = ${assistantId} and v.model = ${model}
          and ${READY_CHUNK}
        union all
        select 'faq', faq_id, vector from product_faq_vectors
        where institution_id = ${institutionId} and product_id = ${assistantId} and model = ${model}`);
      return rowsOf<{ kind: VectorOwner; id: string | number; vector: unknown }>(result).map((row) => ({
        kind: row.kind,
        id: Number(row.id),
        vector: bytesOf(row.vector),
      }));
    },

    /** Assistants with passages lacking a vector of `model` (new knowledge, or vectors of another model). */
    async stale(model: string): Promise<AssistantScope[]> {
      const result = await db.execute(sql`
        select distinct c.institution_id, c.product_id from knowledge_chunks c
        where ${READY_CHUNK}
          and not exists (select 1 from knowledge_chunk_vectors v where v.chunk_id = c.id and v.model = ${model})
        union
        select distinct f.institution_id, f.product_id from product_faqs f
        where not exists (select 1 from product_faq_vectors v where v.faq_id = f.id and v.model = ${model})`);
      return rowsOf<{ institution_id: number; product_id: number }>(result).map((row) => ({
        institutionId: Number(row.institution_id),
        assistantId: Number(row.product_id),
      }));
    },

    /** Vectors of other models than `model` (left after a change until replaced), for the log. */
    async otherModels(model: string): Promise<number> {
      const result = await db.execute(sql`
        select (select count(*) from knowledge_chunk_vectors where model <> ${model})
          + (select count(*) from product_faq_vectors where model <> ${model}) as count`);
      return Number(rowsOf<{ count: string | number }>(result)[0]?.count ?? 0);
    },

    /** The passages of these hits, in the assistant (a hit deleted meanwhile is left out). */
    async passages({ institutionId, assistantId }: AssistantScope, refs: PassageRef[]) {
      const chunkIds = refs.filter((ref) => ref.kind === 'chunk').map((ref) => ref.id);
      const faqIds = refs.filter((ref) => ref.kind === 'faq').map((ref) => ref.id);
      const result = await db.execute(sql`
        select 'chunk' as kind, c.id, c.source, c.file_id, f.name as title, c.content as text, null::text as question
        from knowledge_chunks c left join product_files f on f.id = c.file_id
        where c.institution_id = ${institutionId} and c.product_id = ${assistantId}
          and c.id = any(${sql.param(chunkIds)}::bigint[]) and (c.file_id is null or f.state = 'ready')
        union all
        select 'faq', id, 'faq', null, question, answer, question from product_faqs
        where institution_id = ${institutionId} and product_id = ${assistantId}
          and id = any(${sql.param(faqIds)}::integer[])`);
      return rowsOf<{
        kind: VectorOwner;
        id: string | number;
        source: 'file' | 'knowledge_base' | 'faq';
        file_id: number | null;
        title: string | null;
        text: string;
        question: string | null;
      }>(result).map((row) => ({ ...row, id: Number(row.id) }));
    },
  };
}
