/**
 * The durable job queue (docs/architecture.md#knowledge-and-answers, #scale): the `jobs` table is the truth. A worker claims one due job
 * at a time with `FOR UPDATE SKIP LOCKED` (several processes on one PostgreSQL never take the same
 * job) and a lease (`locked_until`) that it renews while it works. A process that dies leaves its
 * lease to run out; the job is then claimable again, so nothing is lost on a crash or restart.
 * Failures retry with exponential backoff up to `max_attempts`.
 *
 * Why not pg-boss or graphile-worker (docs/architecture.md#scale names them): pg-boss 12 needs Node 22 and older
 * majors are unmaintained; neither runs on PGlite (graphile-worker needs LISTEN on a pool of real
 * connections and its own schema functions; pg-boss its own schema and several connections). The
 * default deployment is PGlite, and one code path for both databases is what the tests prove. The
 * queue needs a few statements only, all of them plain SQL that PGlite and PostgreSQL share.
 *
 * Time comes from the deps clock (never the database's `now()`), so tests move it to expire leases.
 */
import { and, count, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { jobs } from '../db/schema';

export type JobPayload = Record<string, unknown>;

/** A job's states (the `state` column). */
export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** A claimed job. */
export interface Job {
  id: number;
  kind: string;
  payload: JobPayload;
  institutionId: number | null;
  /** This attempt's number, from 1. */
  attempt: number;
  maxAttempts: number;
}

export interface EnqueueOptions {
  institutionId?: number | null;
  /** When it may run first; now by default. */
  runAt?: Date;
  maxAttempts?: number;
}

/** Anything that runs queries: the database or a transaction. */
type Executor = Pick<Db, 'execute' | 'insert'>;

/** How long finished jobs are kept: done ones a week, failed ones (kept to be looked into) a month. */
export const KEEP_DONE_MS = 7 * 24 * 60 * 60_000;
export const KEEP_FAILED_MS = 30 * 24 * 60 * 60_000;

/** Delay before attempt `attempt + 1`: 5 s, 20 s, 80 s, … capped at 10 minutes. */
export function backoffMs(attempt: number): number {
  return Math.min(5_000 * 4 ** Math.max(0, attempt - 1), 10 * 60_000);
}

/** How many jobs are in each state now (finished ones until they are pruned), for the metrics. */
export async function jobCounts(db: Db): Promise<Record<JobState, number>> {
  const rows = await db.select({ state: jobs.state, count: count() }).from(jobs).groupBy(jobs.state);
  const counts: Record<JobState, number> = { queued: 0, running: 0, done: 0, failed: 0 };
  for (const row of rows) if (row.state in counts) counts[row.state as JobState] = Number(row.count);
  return counts;
}

/** Adds a job; pass a transaction to commit it with the rows it is about. */
export async function enqueue(
  executor: Executor,
  kind: string,
  payload: JobPayload,
  now: Date,
  options: EnqueueOptions = {},
): Promise<number> {
  const [row] = await executor
    .insert(jobs)
    .values({
      kind,
      payload,
      institutionId: options.institutionId ?? null,
      runAt: options.runAt ?? now,
      maxAttempts: options.maxAttempts ?? 3,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: jobs.id });
  return row!.id;
}

interface ClaimedRow extends Record<string, unknown> {
  id: string | number;
  kind: string;
  payload: JobPayload | string;
  institution_id: number | null;
  attempts: number;
  max_attempts: number;
}

/** The rows of a raw query (PGlite and node-postgres both answer `{rows}`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The queue operations of one database, for one worker identity. */
export function jobQueue(db: Db, workerId: string) {
  return {
    /**
     * Claims the next due job: queued and due, or running with a lease that ran out (its worker
     * died). Takes the lease and counts the attempt; null when nothing is due.
     *
     * Fair across institutions, so one tenant's backlog does not starve another's single file: the
     * institution is chosen first (fewest jobs running now, then the one served longest ago: a
     * round robin that holds with one worker, then the oldest waiting), and its oldest due job is
     * taken. Jobs without an institution share one turn.
     */
    async claim(now: Date, leaseMs: number): Promise<Job | null> {
      const lockedUntil = new Date(now.getTime() + leaseMs);
      // The institutions are ordered in a subquery (an ORDER BY keeps PostgreSQL from flattening
      // it) and walked by a lateral nested loop under LIMIT 1: heads are locked one institution at
      // a time, in that order, and the walk stops at the first one not locked by another claimer.
      // The due conditions sit on the locked row itself, so PostgreSQL re-checks them on a row
      // another claimer changed meanwhile: a job is never claimed twice.
      const result = await db.execute(sql`
        update jobs
        set state = 'running', attempts = attempts + 1, locked_until = ${lockedUntil},
            locked_by = ${workerId}, claimed_at = ${now}, updated_at = ${now}
        where id = (
          select head.id
          from (
            select due.tenant,
              coalesce(busy.running, 0) as running,
              (select max(served.claimed_at) from jobs served
                where coalesce(served.institution_id, 0) = due.tenant) as served_at,
              due.oldest
            from (
              select coalesce(institution_id, 0) as tenant, min(run_at) as oldest
              from jobs
              where (state = 'queued' and run_at <= ${now}) or (state = 'running' and locked_until < ${now})
              group by 1
            ) due
            left join (
              select coalesce(institution_id, 0) as tenant, count(*) as running
              from jobs
              where state = 'running' and locked_until >= ${now}
              group by 1
            ) busy on busy.tenant = due.tenant
            order by running, served_at nulls first, oldest, tenant
          ) turn
          cross join lateral (
            select j.id from jobs j
            where coalesce(j.institution_id, 0) = turn.tenant
              and ((j.state = 'queued' and j.run_at <= ${now})
                or (j.state = 'running' and j.locked_until < ${now}))
            order by j.run_at, j.id
            limit 1
            for update skip locked
          ) head
          limit 1
        )
        returning id, kind, payload, institution_id, attempts, max_attempts`);
      const [row] = rowsOf<ClaimedRow>(result);
      if (!row) return null;
      return {
        id: Number(row.id),
        kind: row.kind,
        payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as JobPayload) : row.payload,
        institutionId: row.institution_id,
        attempt: Number(row.attempts),
        maxAttempts: Number(row.max_attempts),
      };
    },

    /** Extends the lease of a job this worker holds; false when it lost it (reclaimed or deleted). */
    async renew(id: number, now: Date, leaseMs: number): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ lockedUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
        .where(and(eq(jobs.id, id), eq(jobs.state, 'running'), eq(jobs.lockedBy, workerId)))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /** Marks a job this worker holds as done. */
    async complete(id: number, now: Date): Promise<void> {
      await db
        .update(jobs)
        .set({ state: 'done', lockedUntil: null, lockedBy: null, lastError: null, updatedAt: now })
        .where(and(eq(jobs.id, id), eq(jobs.state, 'running'), eq(jobs.lockedBy, workerId)));
    },

    /**
     * Records a failed attempt: queued again after a backoff while attempts remain, else `failed`.
     * Resolves to the new state (null when the worker no longer held the job).
     */
    async fail(job: Job, error: string, now: Date): Promise<'queued' | 'failed' | null> {
      const final = job.attempt >= job.maxAttempts;
      const rows = await db
        .update(jobs)
        .set({
          state: final ? 'failed' : 'queued',
          runAt: final ? undefined : new Date(now.getTime() + backoffMs(job.attempt)),
          lockedUntil: null,
          lockedBy: null,
          lastError: error.slice(0, 2000),
          updatedAt: now,
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.lockedBy, workerId)))
        .returning({ id: jobs.id });
      if (rows.length === 0) return null;
      return final ? 'failed' : 'queued';
    },

    /**
     * Hands back a job this worker holds without counting the attempt (a graceful stop that could
     * not wait for it): due again at once, for the next process to take.
     */
    async release(id: number, now: Date): Promise<void> {
      await db
        .update(jobs)
        .set({
          state: 'queued',
          attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
          runAt: now,
          lockedUntil: null,
          lockedBy: null,
          updatedAt: now,
        })
        .where(and(eq(jobs.id, id), eq(jobs.state, 'running'), eq(jobs.lockedBy, workerId)));
    },

    /** Deletes finished jobs past their keeping time; resolves to how many went. */
    async prune(now: Date): Promise<number> {
      const rows = await db
        .delete(jobs)
        .where(
          or(
            and(eq(jobs.state, 'done'), lt(jobs.updatedAt, new Date(now.getTime() - KEEP_DONE_MS))),
            and(eq(jobs.state, 'failed'), lt(jobs.updatedAt, new Date(now.getTime() - KEEP_FAILED_MS))),
          ),
        )
        .returning({ id: jobs.id });
      return rows.length;
    },

    /** True when a job could be claimed now (the runner is idle only when none can). */
    async hasDue(now: Date): Promise<boolean> {
      const result = await db.execute(sql`
        select exists (
          select 1 from jobs
          where (state = 'queued' and run_at <= ${now}) or (state = 'running' and locked_until < ${now})
        ) as due`);
      return Boolean(rowsOf<{ due: boolean }>(result)[0]?.due);
    },
  };
}

export type JobQueue = ReturnType<typeof jobQueue>;
