/**
 * Sliding-window rate limits over the `rate_events` table (docs/architecture.md#tenancy-and-auth): kept in the database so they
 * hold across server processes. A limit counts the events of its key in the last `windowSeconds`.
 * `takeLimits` checks and records in one transaction under a per-key advisory lock, so concurrent
 * requests cannot slip past the limit together. Where only some outcomes count (failed logins), the
 * attempt is still taken before the work, and `giveBack` returns it when the outcome does not count:
 * checking first and recording after would let every parallel attempt pass the check.
 */
import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { AppDeps } from '../deps';

/** What the limits need of the app: its clock and its database (a job's deps give these too). */
export type LimitDeps = Pick<AppDeps, 'clock'> & { database: { db: Db } };
import { rateEvents } from '../db/schema';
import { ApiError } from '../http/errors';

export interface RateLimit {
  key: string;
  max: number;
  windowSeconds: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Share of recordings that also sweep events older than a day (no window is longer). */
const SWEEP_PROBABILITY = 0.02;

/** Seconds until the limit lets one more event through; 0 when it does now. */
export async function retryAfter(
  deps: LimitDeps,
  limit: RateLimit,
  db: Db = deps.database.db,
): Promise<number> {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - limit.windowSeconds * 1000);
  // Newest first, the event at index max-1 is the one whose leaving brings the count under max.
  const [blocking] = await db
    .select({ at: rateEvents.at })
    .from(rateEvents)
    .where(and(eq(rateEvents.key, limit.key), gt(rateEvents.at, since)))
    .orderBy(desc(rateEvents.at))
    .offset(limit.max - 1)
    .limit(1);
  if (!blocking) return 0;
  const leavesAt = blocking.at.getTime() + limit.windowSeconds * 1000;
  return Math.max(1, Math.ceil((leavesAt - now.getTime()) / 1000));
}

/** Records one event for each key, now. */
export async function recordEvents(deps: LimitDeps, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const now = deps.clock.now();
  const { db } = deps.database;
  await db.insert(rateEvents).values(keys.map((key) => ({ key, at: now })));
  if (Math.random() < SWEEP_PROBABILITY) {
    await db.delete(rateEvents).where(lt(rateEvents.at, new Date(now.getTime() - DAY_MS)));
  }
}

/** The 429 of a limit: `Retry-After` in seconds and the wait in minutes for the message. */
export function rateLimited(seconds: number): ApiError {
  return new ApiError(429, 'rate_limited', {
    headers: { 'Retry-After': String(seconds) },
    params: { minutes: Math.max(1, Math.ceil(seconds / 60)) },
  });
}

/** Throws a 429 when any of the limits is reached (Retry-After: the longest wait). */
export async function enforceLimits(deps: LimitDeps, limits: RateLimit[]): Promise<void> {
  let wait = 0;
  for (const limit of limits) wait = Math.max(wait, await retryAfter(deps, limit));
  if (wait > 0) throw rateLimited(wait);
}

/**
 * Counts one attempt against every limit, or throws their 429 and counts nothing. Atomic across
 * requests and processes: the keys are locked (transaction-scoped advisory locks, in key order so two
 * requests never wait on each other crosswise) while they are checked and recorded.
 */
export async function takeLimits(deps: LimitDeps, limits: RateLimit[]): Promise<TakenLimits> {
  const { wait, ids } = await tryTakeLimits(deps, limits);
  if (wait > 0) throw rateLimited(wait);
  return { ids };
}

/** `takeLimits` without the throw: the longest wait (nothing counted), or 0 and the events recorded. */
export async function tryTakeLimits(
  deps: LimitDeps,
  limits: RateLimit[],
): Promise<{ wait: number; ids: number[] }> {
  const keys = [...new Set(limits.map((limit) => limit.key))].sort();
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    let longest = 0;
    for (const limit of limits) longest = Math.max(longest, await retryAfter(deps, limit, tx));
    if (longest > 0) return { wait: longest, ids: [] };
    const rows = await tx
      .insert(rateEvents)
      .values(keys.map((key) => ({ key, at: now })))
      .returning({ id: rateEvents.id });
    return { wait: 0, ids: rows.map((row) => row.id) };
  });
}

/** The events one `takeLimits` recorded, for `giveBack`. */
export interface TakenLimits {
  ids: number[];
}

/** Returns an attempt taken with `takeLimits` whose outcome does not count (a right password). */
export async function giveBack(deps: LimitDeps, taken: TakenLimits): Promise<void> {
  if (taken.ids.length === 0) return;
  await deps.database.db.delete(rateEvents).where(inArray(rateEvents.id, taken.ids));
}

/** Forgets the events of a key (e.g. failed logins once the owner proved who they are). */
export async function clearEvents(deps: LimitDeps, key: string): Promise<void> {
  await deps.database.db.delete(rateEvents).where(eq(rateEvents.key, key));
}
