/**
 * The stored vectors of semantic retrieval (`db/embeddings-schema.ts`): which passages of an
 * assistant lack one for the current model, writing them, and reading an assistant's for its
 * index. Passages are the chunks of the knowledge-base text and of `ready` files, and the FAQs
 * (question and answer together), as lexical retrieval sees them.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { jobs } from '../../db/schema';
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

/** Vectors read a statement at a time (~30 ms of PGlite at 1,024 dimensions). */
const LOAD_PAGE = 2_000;

/** Chunks of the knowledge-base text or of ready files (a file still processing may hold its chunks already). */
const READY_CHUNK = sql`(c.file_id is null or exists (
  select 1 from product_files f where f.id = c.file_id and f.institution_id = c.institution_id and f.state = 'ready'))`;

/**
 * The rows of `table` whose ids `t.id` lists, each a primary-key lookup (the tenant is checked
 * after). `offset 0` keeps the planner from merging it into a scan of the assistant's index
 * filtered by id, which it picks when its statistics are stale (PGlite has no autovacuum) and
 * which reads every chunk of the assistant.
 */
const byId = (table: string, alias: string) =>
  sql.raw(`cross join lateral (select * from ${table} where id = t.id offset 0) as ${alias}`);

/** The vectors of one database. */
export function vectorsRepo(db: Db) {
  return {
    /** Whether a job of `kind` for the assistant is queued (not yet running). */
    async queued(kind: string, scope: AssistantScope): Promise<boolean> {
      const [queued] = await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            eq(jobs.institutionId, scope.institutionId),
            eq(jobs.kind, kind),
            eq(jobs.state, 'queued'),
            sql`(${jobs.payload}->>'assistantId')::integer = ${scope.assistantId}`,
          ),
        )
        .limit(1);
      return queued !== undefined;
    },

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
        select 'chunk' as kind, c.id, c.content as text
        from unnest(${sql.param(chunkIds)}::bigint[]) as t(id) ${byId('knowledge_chunks', 'c')}
        where c.institution_id = ${institutionId} and c.product_id = ${assistantId}
        union all
        select 'faq', f.id, f.question || E'\n' || f.answer
        from unnest(${sql.param(faqIds)}::integer[]) as t(id) ${byId('product_faqs', 'f')}
        where f.institution_id = ${institutionId} and f.product_id = ${assistantId}`);
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
            ${byId(passages, 'p')}
          where p.institution_id = ${scope.institutionId} and p.product_id = ${scope.assistantId}
          on conflict (${sql.identifier(key)}) do update set model = excluded.model, vector = excluded.vector`);
      }
    },

    /** An assistant's vectors of `model`, of the passages retrieval may use. */
    async load({ institutionId, assistantId }: AssistantScope, model: string): Promise<StoredVector[]> {
      // The ids first, then the vectors LOAD_PAGE at a time by primary key: on PGlite, one
      // connection for the whole process, other queries run between the pages.
      const ids = await db.execute(sql`
        select 'chunk' as kind, v.chunk_id as id from knowledge_chunk_vectors v
        join knowledge_chunks c on c.id = v.chunk_id
        where v.institution_id = ${institutionId} and v.product_id = ${assistantId} and v.model = ${model}
          and ${READY_CHUNK}
        union all
        select 'faq', faq_id from product_faq_vectors
        where institution_id = ${institutionId} and product_id = ${assistantId} and model = ${model}`);
      const refs = rowsOf<{ kind: VectorOwner; id: string | number }>(ids);
      const out: StoredVector[] = [];
      for (const kind of ['chunk', 'faq'] as const) {
        const mine = refs.filter((ref) => ref.kind === kind).map((ref) => Number(ref.id));
        const [table, idType] =
          kind === 'chunk' ? ['knowledge_chunk_vectors', 'bigint'] : ['product_faq_vectors', 'integer'];
        for (let start = 0; start < mine.length; start += LOAD_PAGE) {
          // Base64 text: PGlite reads a bytea column six times slower.
          const page = await db.execute(sql`
            select v.id, encode(v.vector, 'base64') as vector
            from unnest(${sql.param(mine.slice(start, start + LOAD_PAGE))}::${sql.raw(idType)}[]) as t(id)
              cross join lateral (select ${sql.raw(kind === 'chunk' ? 'chunk_id' : 'faq_id')} as id, vector
                from ${sql.identifier(table)} where ${sql.raw(kind === 'chunk' ? 'chunk_id' : 'faq_id')} = t.id
                offset 0) as v`);
          for (const row of rowsOf<{ id: string | number; vector: string }>(page)) {
            out.push({ kind, id: Number(row.id), vector: new Uint8Array(Buffer.from(row.vector, 'base64')) });
          }
        }
      }
      return out;
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
        from unnest(${sql.param(chunkIds)}::bigint[]) as t(id) ${byId('knowledge_chunks', 'c')}
          left join product_files f on f.id = c.file_id
        where c.institution_id = ${institutionId} and c.product_id = ${assistantId}
          and (c.file_id is null or f.state = 'ready')
        union all
        select 'faq', f.id, 'faq', null, f.question, f.answer, f.question
        from unnest(${sql.param(faqIds)}::integer[]) as t(id) ${byId('product_faqs', 'f')}
        where f.institution_id = ${institutionId} and f.product_id = ${assistantId}`);
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
