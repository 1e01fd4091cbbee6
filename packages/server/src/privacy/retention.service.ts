/**
 * Retention (issue 36, docs/architecture.md#retention-and-erasure): each institution's periods, and
 * the run that removes what outlived them. A period of N days keeps a row through N whole days of
 * the institution's time zone after the day it was last active: the cutoff is the midnight, in
 * that zone, N days before today's. Conversations go with their messages, overview and contact,
 * but the dashboards' figures stay (`keepStats`); each run is audited with its counts only.
 */
import {
  type Retention,
  type RetentionCounts,
  type RetentionPeriods,
  RETENTION_RUN_EVERY_MINUTES,
} from '@conversa/contract/privacy';
import { setImmediate } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { audit } from '../audit/audit.service';
import type { Db, DbOrTx } from '../db/database';
import { dayIn, dayStart } from '../db/days';
import type { AppDeps } from '../deps';
import { enqueue } from '../jobs/queue';
import { keepStats, retentionRepo, type RetentionRow } from './retention.repo';

/** The job that runs one institution's retention. */
export const RETENTION_RUN = 'retention_run';
/** Rows one statement of a run removes: short statements (about 35 ms on PGlite), so requests go between them. */
export const RETENTION_BATCH = 250;

const RUN_EVERY_MS = RETENTION_RUN_EVERY_MINUTES * 60_000;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The day `days` before `day` (YYYY-MM-DD). */
function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** The instant before which a row has outlived a period of `days` at `now` in `tz`. */
export async function cutoffOf(db: DbOrTx, now: Date, days: number, tz: string): Promise<Date> {
  const [row] = rowsOf<{ at: Date | string }>(
    await db.execute(sql`select ${dayStart(daysBefore(dayIn(now, tz), days), tz)} as at`),
  );
  return new Date(row!.at);
}

function toRetention(row: RetentionRow | null, now: Date): Retention {
  const lastRunAt = row?.lastRunAt ?? null;
  const next = lastRunAt ? new Date(Math.max(lastRunAt.getTime() + RUN_EVERY_MS, now.getTime())) : now;
  return {
    conversations_days: row?.conversationsDays ?? null,
    contacts_days: row?.contactsDays ?? null,
    whatsapp_days: row?.whatsappDays ?? null,
    records_days: row?.recordsDays ?? null,
    time_zone: row?.timeZone ?? 'UTC',
    last_run_at: lastRunAt?.toISOString() ?? null,
    last_run: row?.lastRun ?? null,
    next_run_at: next.toISOString(),
  };
}

/**
 * Queues a run for every institution with a period and none queued or running already (hourly on
 * each runner's sweep, and at start); resolves to how many were queued.
 */
export async function queueRetentionRuns(db: Db, now: Date): Promise<number> {
  const due = rowsOf<{ institution_id: number }>(
    await db.execute(sql`
      select r.institution_id from institution_retention r
      where coalesce(r.conversations_days, r.contacts_days, r.whatsapp_days, r.records_days) is not null
        and not exists (
          select 1 from jobs j
          where j.kind = ${RETENTION_RUN} and j.institution_id = r.institution_id
            and j.state in ('queued', 'running')
        )`),
  );
  for (const { institution_id: institutionId } of due) {
    await enqueue(db, RETENTION_RUN, { institutionId }, now, { institutionId, maxAttempts: 3 });
  }
  return due.length;
}

/** What a run needs: the database, the clock and a logger (the job runner's own). */
export type RetentionRunDeps = Pick<AppDeps, 'database' | 'clock' | 'logger'>;

/** Removes what outlived the institution's periods, in batches; audited with the counts. Null without settings. */
export async function runRetention(
  deps: RetentionRunDeps,
  institutionId: number,
): Promise<RetentionCounts | null> {
  const { db } = deps.database;
  const repo = retentionRepo(db);
  const settings = await repo.find(institutionId);
  if (!settings) return null;
  const now = deps.clock.now();
  const cutoff = (days: number | null) => (days === null ? null : cutoffOf(db, now, days, settings.timeZone));
  const [conversations, contacts, whatsapp, records] = await Promise.all([
    cutoff(settings.conversationsDays),
    cutoff(settings.contactsDays),
    cutoff(settings.whatsappDays),
    cutoff(settings.recordsDays),
  ]);
  const counts: RetentionCounts = { conversations: 0, contacts: 0, whatsapp_messages: 0, records: 0 };

  /** Runs a batch statement until it removes less than a batch, each in its own transaction. */
  const drain = async (step: (tx: DbOrTx) => Promise<number>, keep: boolean): Promise<number> => {
    let total = 0;
    for (;;) {
      const n = await db.transaction(async (tx) => {
        if (keep) await keepStats(tx);
        return step(tx);
      });
      total += n;
      if (n < RETENTION_BATCH) return total;
      // Give the event loop a turn: on PGlite the queries resolve as microtasks, so without it the
      // requests that arrived meanwhile would wait for the whole run (bench/retention-bench.ts).
      await setImmediate();
    }
  };

  for (const assistantId of await repo.assistantIds(institutionId)) {
    if (conversations) {
      counts.conversations += await drain(
        (tx) =>
          retentionRepo(tx).conversationsBefore(institutionId, assistantId, conversations, RETENTION_BATCH),
        true,
      );
    }
    if (contacts) {
      counts.contacts += await drain(
        (tx) => retentionRepo(tx).contactsBefore(institutionId, assistantId, contacts, RETENTION_BATCH),
        true,
      );
    }
    if (whatsapp) {
      counts.whatsapp_messages += await drain(
        (tx) => retentionRepo(tx).whatsappBefore(institutionId, assistantId, whatsapp, RETENTION_BATCH),
        false,
      );
      await repo.entriesBefore(institutionId, assistantId, whatsapp);
    }
    if (records) {
      counts.records += await drain(
        (tx) => retentionRepo(tx).recordsBefore(institutionId, assistantId, records, RETENTION_BATCH),
        false,
      );
    }
  }
  await repo.noteRun(institutionId, counts, now);
  await audit(deps, { action: 'retention_run', institutionId, detail: { ...counts } });
  return counts;
}

/** The settings' reads and writes. */
export function retentionService(deps: Pick<AppDeps, 'database' | 'clock' | 'logger'>) {
  const repo = retentionRepo(deps.database.db);
  return {
    async get(institutionId: number): Promise<Retention> {
      return toRetention(await repo.find(institutionId), deps.clock.now());
    },

    /** Saves the periods (audited: who changed them, to what); the next hourly run applies them. */
    async put(
      caller: { userId: number; ip: string },
      institutionId: number,
      body: RetentionPeriods & { time_zone: string },
    ): Promise<Retention> {
      const now = deps.clock.now();
      const periods: RetentionPeriods = {
        conversations_days: body.conversations_days,
        contacts_days: body.contacts_days,
        whatsapp_days: body.whatsapp_days,
        records_days: body.records_days,
      };
      await repo.save(institutionId, periods, body.time_zone, now);
      await audit(deps, {
        action: 'retention_changed',
        userId: caller.userId,
        institutionId,
        ip: caller.ip,
        detail: { ...periods, time_zone: body.time_zone },
      });
      return toRetention(await repo.find(institutionId), now);
    },
  };
}
