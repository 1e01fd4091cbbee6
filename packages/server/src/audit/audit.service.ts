/**
 * The audit log (`audit_events`): sign-ins and failed ones, password changes and resets, platform
 * admins acting in institutions they are not members of, deletions (files, leads, orders,
 * conversations, allowed numbers), lead imports and CSV downloads. An event names who, what,
 * where (institution) and from which IP; its detail is small and never holds a secret. Recording
 * never fails the request it describes: a write that fails is logged instead.
 */
import { AUDIT_LEGAL_HOLD_DAYS } from '@conversa/contract/privacy';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { auditEvents } from '../db/schema';
import type { AppDeps } from '../deps';

export type AuditAction =
  | 'sign_in'
  | 'sign_in_failed'
  | 'password_changed'
  | 'password_reset'
  | 'email_verified'
  | 'admin_acted_in_institution'
  | 'deleted'
  | 'leads_imported'
  | 'downloaded'
  | 'invitation_sent'
  | 'invitation_revoked'
  | 'member_joined'
  | 'member_role_changed'
  | 'member_removed'
  | 'whatsapp_channel_saved'
  | 'retention_changed'
  | 'retention_run'
  | 'person_exported'
  | 'person_erased'
  | 'assistant_deleted'
  | 'institution_deleted'
  | 'account_deleted';

export interface AuditEvent {
  action: AuditAction;
  userId?: number | null;
  institutionId?: number | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
}

/** How long events are kept: the legal hold, also of a deleted institution's events (contract/privacy.ts). */
export const AUDIT_KEEP_DAYS = AUDIT_LEGAL_HOLD_DAYS;
/** An admin acting in one institution is recorded at most this often (the first request of a span). */
export const ADMIN_ACTING_EVERY_MS = 60 * 60_000;

type AuditDeps = Pick<AppDeps, 'database' | 'clock' | 'logger'>;

/** Records one event now. */
export async function audit(deps: AuditDeps, event: AuditEvent): Promise<void> {
  try {
    await deps.database.db.insert(auditEvents).values({
      at: deps.clock.now(),
      action: event.action,
      userId: event.userId ?? null,
      institutionId: event.institutionId ?? null,
      ip: event.ip ?? null,
      detail: event.detail ?? {},
    });
  } catch (error) {
    deps.logger.error({ err: error, action: event.action }, 'audit: could not record an event');
  }
}

// When each admin was last recorded in each institution, per database (tests run several servers
// in one process). A request seen within the span costs a map lookup, no query: these checks sit on
// every staff request, the benchmarked ones included.
const lastNoted = new WeakMap<Db, Map<string, number>>();
const MAX_REMEMBERED = 10_000;

/**
 * Notes a platform admin acting in an institution they are not a member of: at most once per admin
 * and institution per `ADMIN_ACTING_EVERY_MS`, in this process (the map) and across processes (the
 * insert is skipped when another process recorded it within the span).
 */
export async function noteAdminActing(
  deps: AuditDeps,
  input: { userId: number; institutionId: number; ip: string },
): Promise<void> {
  const { userId, institutionId, ip } = input;
  const { db } = deps.database;
  let noted = lastNoted.get(db);
  if (!noted) {
    noted = new Map();
    lastNoted.set(db, noted);
  }
  const key = `${userId}:${institutionId}`;
  const now = deps.clock.now();
  const last = noted.get(key);
  if (last !== undefined && now.getTime() - last < ADMIN_ACTING_EVERY_MS) return;
  if (noted.size >= MAX_REMEMBERED) noted.clear();
  noted.set(key, now.getTime());

  const since = new Date(now.getTime() - ADMIN_ACTING_EVERY_MS);
  const action: AuditAction = 'admin_acted_in_institution';
  try {
    await db.execute(sql`
      insert into audit_events (at, user_id, action, institution_id, ip, detail)
      select ${now}, ${userId}, ${action}, ${institutionId}, ${ip}, '{}'::jsonb
      where not exists (
        select 1 from audit_events
        where user_id = ${userId} and at > ${since} and institution_id = ${institutionId}
          and action = ${action}
      )`);
  } catch (error) {
    noted.delete(key);
    deps.logger.error({ err: error, action }, 'audit: could not record an event');
  }
}

/** Deletes events past their keeping time; resolves to how many went. */
export async function pruneAuditEvents(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(auditEvents)
    .where(lt(auditEvents.at, new Date(now.getTime() - AUDIT_KEEP_DAYS * 24 * 60 * 60_000)))
    .returning({ id: auditEvents.id });
  return rows.length;
}
