/**
 * Staff authentication and tenancy. Every staff request: a valid staff token whose session row is
 * live, the user loaded, and (when the route acts in an institution) the membership role, all in
 * one query. `X-Institution-Id` is only a request: it is re-authorised here on every call.
 */
import { HEADERS } from '@conversa/contract/http';
import type { Locale } from '@conversa/contract/constants';
import { IdSchema } from '@conversa/contract/fields';
import { can, type MemberRole, type Permission, type Role } from '@conversa/contract/roles';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import type { Db } from '../db/database';
import type { AppDeps } from '../deps';
import { memberships, sessions, users } from '../db/schema';
import { ApiError } from '../http/errors';
import type { AppEnv } from '../http/env';
import { isPlatformAdmin } from './platform-admin';
import { verifyToken } from './tokens';

export interface AuthState {
  userId: number;
  sessionId: string;
  email: string;
  locale: Locale;
  isAdmin: boolean;
  /** The institution this request acts in, when it names one (path or header). */
  institutionId: number | null;
  /** The user's membership role there, if any. */
  memberRole: MemberRole | null;
  /** Effective roles in that institution: the membership role, plus `admin` for platform admins. */
  roles: Role[];
}

const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

// The one query of every staff request: live session, user, and membership role. Prepared once
// per database; this is on the benchmarked path (DESIGN §9).
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
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('auth_session_lookup');
  return {
    async execute(params: { sessionId: string; userId: number; institutionId: number; now: Date }) {
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

export interface RequireStaffOptions {
  /** Where the institution comes from: a path parameter, or the `X-Institution-Id` header. */
  institution?: 'header' | { param: string };
}

/** Middleware: a live staff session is required; sets `c.var.auth`. */
export function requireStaff(deps: AppDeps, options: RequireStaffOptions = {}): MiddlewareHandler<AppEnv> {
  const lookup = sessionLookup(deps.database.db);
  return async (c, next) => {
    const token = bearer(c);
    if (!token) throw new ApiError(401, 'unauthorized');
    const now = deps.clock.now();
    const verified = await verifyToken(deps.config.keys.tokenKey, token, now);
    if (!verified) throw new ApiError(401, 'session_invalid');
    if (verified.typ !== 'staff') throw new ApiError(403, 'guest_forbidden');

    let institutionId: number | null = null;
    if (options.institution === 'header') institutionId = headerInstitution(c);
    else if (options.institution) {
      const result = v.safeParse(IdSchema, c.req.param(options.institution.param));
      if (!result.success) throw new ApiError(404, 'not_found');
      institutionId = result.output;
    }

    const cache = deps.sessionCache;
    let row = cache.get(verified.sessionId, institutionId ?? 0, now);
    if (!row) {
      const generation = cache.generation(verified.userId);
      const found = await lookup.execute({
        sessionId: verified.sessionId,
        userId: verified.userId,
        institutionId: institutionId ?? 0,
        now,
      });
      if (!found) throw new ApiError(401, 'session_invalid');
      row = { ...found, role: (found.role as MemberRole | null) ?? null };
      cache.set(verified.sessionId, institutionId ?? 0, row, generation);
    }

    const isAdmin = isPlatformAdmin(deps.config, row);
    const memberRole = row.role;
    c.set('auth', {
      userId: row.userId,
      sessionId: verified.sessionId,
      email: row.email,
      locale: row.locale as Locale,
      isAdmin,
      institutionId,
      memberRole,
      roles: [...(memberRole ? [memberRole] : []), ...(isAdmin ? (['admin'] as const) : [])],
    });
    await next();
  };
}

/**
 * Checks that the request may act in its institution with a permission. Not a member at all (and
 * not an admin): 404, so ids of other tenants reveal nothing. A member whose role lacks it: 403.
 */
export function authorize(c: Context<AppEnv>, permission: Permission): number {
  const auth = c.get('auth');
  if (auth.institutionId === null) throw new ApiError(400, 'institution_required');
  if (auth.roles.length === 0) throw new ApiError(404, 'not_found');
  if (!can(auth.roles, permission)) throw new ApiError(403, 'forbidden');
  return auth.institutionId;
}

/** The chat visitor of a public conversation (DESIGN §4): its assistant and conversation. */
export interface GuestState {
  productId: number;
  conversationId: string;
}

/**
 * Middleware: the chat visitor's guest token, for the conversation in the path parameter; sets
 * `c.var.guest`. No token or a bad one: 401. A staff token, or another conversation's guest
 * token: 403 (a visitor only ever reaches its own conversation).
 */
export function requireGuest(deps: AppDeps, param = 'id'): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearer(c);
    if (!token) throw new ApiError(401, 'unauthorized');
    const verified = await verifyToken(deps.config.keys.tokenKey, token, deps.clock.now());
    if (!verified) throw new ApiError(401, 'session_invalid');
    if (verified.typ !== 'guest' || verified.conversationId !== c.req.param(param)) {
      throw new ApiError(403, 'forbidden');
    }
    c.set('guest', { productId: verified.productId, conversationId: verified.conversationId });
    await next();
  };
}

/** Only platform admins. */
export function requireAdmin(c: Context<AppEnv>): void {
  if (!c.get('auth').isAdmin) throw new ApiError(403, 'forbidden');
}
