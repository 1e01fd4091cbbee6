/**
 * The access checks the route helper (http/route.ts) runs before a handler: the bearer token, the
 * staff session with the membership role in the request's institution (one prepared query, cached
 * on PGlite), and the chat visitor's guest token. `X-Institution-Id` is only a request: it is
 * re-authorised on every call.
 */
import { HEADERS } from '@conversa/contract/http';
import type { Locale } from '@conversa/contract/constants';
import { IdSchema } from '@conversa/contract/fields';
import type { MemberRole } from '@conversa/contract/roles';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import * as v from 'valibot';
import type { Db } from '../db/database';
import type { AppDeps } from '../deps';

/** What the access checks and the gate need of the app (the gate is part of it: `AppDeps.gate`). */
export type GateDeps = Pick<AppDeps, 'config' | 'clock' | 'database' | 'logger' | 'sessionCache'>;
import { memberships, sessions, users } from '../db/schema';
import { ApiError } from '../http/errors';
import type { GuestScope, StaffUser } from './scope';
import type { SessionEntry } from './session-cache';
import { isPlatformAdmin } from './platform-admin';
import { verifyToken } from './tokens';

const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

// The one query of every staff request: live session, user, and membership role. Prepared once
// per database; this is on the benchmarked path (docs/architecture.md#budgets).
function prepareLookup(db: Db) {
  const query = db
    .select({
      userId: users.id,
      email: users.email,
      locale: users.locale,
      isAdmin: users.isAdmin,
      emailVerifiedAt: users.emailVerifiedAt,
      role: memberships.role,
      sessionExpiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      memberships,
      and(eq(memberships.userId, users.id), eq(memberships.institutionId, sql.placeholder('institutionId'))),
    )
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
      ),
    )
    .limit(1)
    .prepare('auth_session_lookup');
  return {
    async execute(params: { sessionId: string; userId: number; institutionId: number }) {
      const [row] = await query.execute(params);
      return row;
    },
  };
}

function sessionLookup(db: Db) {
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = prepareLookup(db);
    lookups.set(db, lookup);
  }
  return lookup;
}

/** The bearer token of a request, if any. */
export function bearer(c: Context): string | null {
  const header = c.req.header('authorization');
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** The institution a request names in `X-Institution-Id`; a malformed header is a 400. */
export function headerInstitution(c: Context): number | null {
  const raw = c.req.header(HEADERS.institution);
  if (raw === undefined || raw === '') return null;
  const result = v.safeParse(IdSchema, raw);
  if (!result.success) throw new ApiError(400, 'validation_failed');
  return result.output;
}

/** A verified staff token: its user and session. */
export interface StaffToken {
  userId: number;
  sessionId: string;
}

/** A member's `last_active_at` is written at most this often (per process). */
export const LAST_ACTIVE_EVERY_MS = 5 * 60_000;

/**
 * A session's `last_seen_at` is written when it is at least this old (read from the row, so across
 * processes): the idle timeout is exact to within this much, at one write a minute per session.
 */
export const LAST_SEEN_EVERY_MS = 60_000;

/** What a session check counts as: a request (`activity`) or a stream's heartbeat, which keeps nothing alive. */
export interface SessionCheckOptions {
  activity?: boolean;
}

/** The access checks of one app. */
export function accessChecks(deps: GateDeps) {
  const lookup = sessionLookup(deps.database.db);
  const { config, clock, sessionCache: cache } = deps;
  const touched = new Map<number, number>();

  /** Records the user's activity for the team list, a write every few minutes at most. */
  const touch = async (userId: number, now: Date) => {
    const last = touched.get(userId);
    if (last !== undefined && now.getTime() - last < LAST_ACTIVE_EVERY_MS) return;
    if (touched.size >= 50_000) touched.clear();
    touched.set(userId, now.getTime());
    await deps.database.db.update(users).set({ lastActiveAt: now }).where(eq(users.id, userId));
  };

  /** The request's bearer token, verified: 401 without one or with a bad one. */
  const verified = async (c: Context) => {
    const token = bearer(c);
    if (!token) throw new ApiError(401, 'unauthorized');
    const result = await verifyToken(config.keys.tokenKey, token, clock.now());
    if (result === 'expired') throw new ApiError(401, 'session_expired');
    if (!result) throw new ApiError(401, 'session_invalid');
    return result;
  };

  const { idleMs } = config.sessions;
  const ended = (row: { sessionExpiresAt: Date; lastSeenAt: Date }, now: Date) =>
    row.sessionExpiresAt <= now || now.getTime() - row.lastSeenAt.getTime() >= idleMs;

  /** Records the request in the session row when its mark is a minute old or more (any process's write counts). */
  const seen = async (row: { lastSeenAt: Date }, sessionId: string, now: Date) => {
    if (now.getTime() - row.lastSeenAt.getTime() < LAST_SEEN_EVERY_MS) return;
    // The cached entry (PGlite) is this very object: later requests of this process see the mark.
    row.lastSeenAt = now;
    await deps.database.db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, now)));
  };

  const staffUser = (row: SessionEntry, sessionId: string): StaffUser => ({
    userId: row.userId,
    sessionId,
    email: row.email,
    locale: row.locale as Locale,
    isAdmin: isPlatformAdmin(config, row),
  });

  return {
    /** A staff token: 401 without a valid one, 403 `guest_forbidden` for a chat visitor's. */
    async staffToken(c: Context): Promise<StaffToken> {
      const token = await verified(c);
      if (token.typ !== 'staff') throw new ApiError(403, 'guest_forbidden');
      return { userId: token.userId, sessionId: token.sessionId };
    },

    /**
     * The token's live session: its user, and their membership role in `institutionId` (0 for none).
     * 401 `session_invalid` when the session was revoked, `session_expired` past its absolute end
     * or idle for too long. A request counts as activity unless `activity` is false. Cached per
     * session and institution on PGlite.
     */
    async session(
      token: StaffToken,
      institutionId: number,
      { activity = true }: SessionCheckOptions = {},
    ): Promise<{ user: StaffUser; memberRole: MemberRole | null }> {
      const now = clock.now();
      let row = cache.get(token.sessionId, institutionId, now);
      // A cached entry may hold an older mark than the row: only the row may end the session.
      if (row && ended(row, now)) row = undefined;
      if (!row) {
        const generation = cache.generation(token.userId);
        const found = await lookup.execute({ ...token, institutionId });
        if (!found) throw new ApiError(401, 'session_invalid');
        if (ended(found, now)) throw new ApiError(401, 'session_expired');
        row = { ...found, role: (found.role as MemberRole | null) ?? null };
        cache.set(token.sessionId, institutionId, row, generation);
      }
      if (!activity) return { user: staffUser(row, token.sessionId), memberRole: row.role };
      await seen(row, token.sessionId, now);
      await touch(row.userId, now);
      return { user: staffUser(row, token.sessionId), memberRole: row.role };
    },

    /**
     * The chat visitor of conversation `conversationId`. No token or a bad one: 401. A staff token,
     * or another conversation's guest token: 403 (a visitor only ever reaches its own conversation).
     */
    async guest(c: Context, conversationId: string): Promise<GuestScope> {
      const token = await verified(c);
      if (token.typ !== 'guest' || token.conversationId !== conversationId) {
        throw new ApiError(403, 'forbidden');
      }
      return { conversationId: token.conversationId, assistantId: token.assistantId };
    },
  };
}

/** What `accessChecks` answers. */
export type AccessChecks = ReturnType<typeof accessChecks>;
