/**
 * Sessions: one `sessions` row per sign-in (the `jti` of its access tokens). Revoking rows is how
 * logout and password changes end tokens before they expire; `auth/renew` signs a fresh access
 * token for a live row, never past the row's absolute end (docs/architecture.md#tenancy-and-auth).
 * The session answer every sign-in returns is the user's (`users/session.service.ts`).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../db/database';
import { sessions } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import { signStaffToken } from './tokens';

const DAY_MS = 86_400_000;

/** An access token of the session: the configured life, never past the session's end. */
export function signAccessToken(
  deps: AppDeps,
  { userId, sessionId, sessionExpiresAt }: { userId: number; sessionId: string; sessionExpiresAt: Date },
): Promise<string> {
  const now = deps.clock.now();
  const end = Math.min(now.getTime() + deps.config.sessions.tokenTtlMs, sessionExpiresAt.getTime());
  return signStaffToken(deps.config.keys.tokenKey, { userId, sessionId, now, expiresAt: new Date(end) });
}

/** Opens a session row for the user and returns its first access token. */
export async function issueSession(deps: AppDeps, userId: number): Promise<string> {
  const now = deps.clock.now();
  const sessionId = randomUUID();
  const sessionExpiresAt = new Date(now.getTime() + deps.config.sessions.maxAgeMs);
  const { db } = deps.database;
  // Short sessions mean a row per working day: the user's rows that ended over a day ago go.
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date(now.getTime() - DAY_MS))));
  await db
    .insert(sessions)
    .values({ id: sessionId, userId, createdAt: now, lastSeenAt: now, expiresAt: sessionExpiresAt });
  return signAccessToken(deps, { userId, sessionId, sessionExpiresAt });
}

/** A fresh access token for a live session (the caller's scope already checked it is live). */
export async function renewSession(deps: AppDeps, userId: number, sessionId: string): Promise<string> {
  const [row] = await deps.database.db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .limit(1);
  if (!row) throw new ApiError(401, 'session_invalid');
  return signAccessToken(deps, { userId, sessionId, sessionExpiresAt: row.expiresAt });
}

/** Ends one session (logout). */
export async function revokeSession(deps: AppDeps, userId: number, sessionId: string): Promise<void> {
  await deps.database.db
    .update(sessions)
    .set({ revokedAt: deps.clock.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  deps.sessionCache.forgetUser(userId);
}

/**
 * Ends every live session of a user, except `keep` when given (the caller's own). Runs inside the
 * caller's transaction: the caller calls `sessionCache.forgetUser` once it has committed.
 */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  now: Date,
  keep: string | null = null,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keep === null ? undefined : ne(sessions.id, keep),
      ),
    );
}
