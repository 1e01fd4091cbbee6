/**
 * Sessions: one `sessions` row per sign-in (the `jti` of its access tokens), and the session answer
 * every sign-in and `auth/validate-token` returns. Revoking rows is how logout and password changes
 * end tokens before they expire; `auth/renew` signs a fresh access token for a live row, never past
 * the row's absolute end (docs/architecture.md#tenancy-and-auth).
 */
import { randomUUID } from 'node:crypto';
import type { Session } from '@conversa/contract/auth';
import { MEMBER_ROLES, type MemberRole, rolesIn } from '@conversa/contract/roles';
import { and, asc, eq, isNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../db/database';
import { institutions, memberships, sessions } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import { findUserById, toProfile } from '../users';
import { isPlatformAdmin } from './platform-admin';
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

const isMemberRole = (role: string): role is MemberRole => (MEMBER_ROLES as readonly string[]).includes(role);

/**
 * The session answer for a user and a token. The institution is the one the user last acted in
 * while still a member there (any existing one for admins), else their first membership, else none;
 * roles are the membership role there plus `admin` for platform admins.
 */
export async function buildSession(deps: AppDeps, userId: number, jwt: string): Promise<Session> {
  const { db } = deps.database;
  const user = await findUserById(db, userId);
  if (!user) throw new ApiError(401, 'session_invalid');
  const isAdmin = isPlatformAdmin(deps.config, user);
  const owned = await db
    .select({ institutionId: memberships.institutionId, role: memberships.role })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(memberships.institutionId));

  let institutionId: number | null = null;
  let memberRole: string | null = null;
  const last = user.lastInstitutionId;
  const lastMembership = owned.find((m) => m.institutionId === last);
  if (lastMembership) {
    institutionId = lastMembership.institutionId;
    memberRole = lastMembership.role;
  } else if (last !== null && isAdmin && (await institutionExists(db, last))) {
    institutionId = last;
  } else if (owned[0]) {
    institutionId = owned[0].institutionId;
    memberRole = owned[0].role;
  }

  const roles = rolesIn(memberRole !== null && isMemberRole(memberRole) ? memberRole : null, isAdmin);
  return {
    jwt,
    user: { id: user.id, email: user.email },
    profile: toProfile(user),
    roles,
    institution_id: institutionId,
  };
}

async function institutionExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(eq(institutions.id, id))
    .limit(1);
  return row !== undefined;
}

/** Issues a new session for the user and answers it. */
export async function startSession(deps: AppDeps, userId: number): Promise<Session> {
  return buildSession(deps, userId, await issueSession(deps, userId));
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
