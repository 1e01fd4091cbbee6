/**
 * The session answer every sign-in and `auth/validate-token` returns: the user, their profile, their
 * roles and the institution they act in (docs/architecture.md#tenancy-and-auth). The sessions' rows
 * and tokens are the auth core's (`auth/sessions.ts`).
 */
import type { Session } from '@conversa/contract/auth';
import { MEMBER_ROLES, type MemberRole, rolesIn } from '@conversa/contract/roles';
import { asc, eq } from 'drizzle-orm';
import { isPlatformAdmin } from '../auth/platform-admin';
import { issueSession } from '../auth/sessions';
import type { Db } from '../db/database';
import { institutions, memberships } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import { findUserById, toProfile } from './users.repo';

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
