/**
 * An endpoint entry's access rule and tenant scope, checked for one request: the token, the
 * session, the institution (path, header or the assistant's own) and the permission there. One
 * session query, plus the assistant's for `assistant` scopes; other tenants are 404s, never data.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Endpoint } from '@conversa/contract/endpoints';
import type { AssistantType } from '@conversa/contract/assistant-type';
import { can, type MemberRole, type Permission, type Role, rolesIn } from '@conversa/contract/roles';
import type { Context } from 'hono';
import { noteAdminActing } from '../audit/audit.service';
import { clientIp } from '../http/client-ip';
import { ApiError, forbidden, notFound } from '../http/errors';
import { accessChecks, bearer, type GateDeps, headerInstitution } from './access';
import { tenancyQueries } from './tenancy';
import type {
  AssistantScope,
  ConversationScope,
  GuestScope,
  InstitutionScope,
  SelfScope,
  StaffScope,
  StaffUser,
} from './scope';

/** Every scope a handler may be given (`{}` for public endpoints). */
export type AnyScope =
  | Record<string, never>
  | StaffScope
  | SelfScope
  | InstitutionScope
  | AssistantScope
  | ConversationScope
  | GuestScope;

/**
 * The roles of a caller in an institution, checked for a permission: no role at all (not a member,
 * not an admin) is a 404, so ids of other tenants reveal nothing; a role without it is a 403.
 */
export function permit(memberRole: MemberRole | null, user: StaffUser, permission: Permission): Role[] {
  const roles = rolesIn(memberRole, user.isAdmin);
  if (roles.length === 0) throw notFound();
  if (!can(roles, permission)) throw forbidden();
  return roles;
}

/** Compares secrets in constant time (their digests, so lengths do not show either). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** `metrics` access: no such endpoint while METRICS_TOKEN is unset (404); else its bearer only (401). */
function checkMetricsToken(c: Context, expected: string | null): void {
  if (expected === null) throw notFound();
  const given = bearer(c);
  if (given === null || !sameSecret(given, expected)) throw new ApiError(401, 'unauthorized');
}

/** Checks a request against an endpoint's entry; answers the handler's scope or throws the refusal. */
export type ScopeResolver = (c: Context, endpoint: Endpoint, params: () => unknown) => Promise<AnyScope>;

/**
 * Builds the scope resolver of one app (its prepared queries): `createApp` makes it once and hands
 * it to the route helper as `deps.gate`, so `http/` needs no import of `auth/`.
 */
export function scopeResolver(deps: GateDeps): ScopeResolver {
  const access = accessChecks(deps);
  const tenancy = tenancyQueries(deps.database.db);

  /** `permit` in an institution; a platform admin acting where they are no member is audited. */
  async function permitIn(
    c: Context,
    institutionId: number,
    memberRole: MemberRole | null,
    user: StaffUser,
    permission: Permission,
  ): Promise<Role[]> {
    const roles = permit(memberRole, user, permission);
    if (user.isAdmin && memberRole === null) {
      await noteAdminActing(deps, { userId: user.userId, institutionId, ip: clientIp(c, deps.config) });
    }
    return roles;
  }

  /** The path's `{id}` as validated by the entry's `params` (read after the token is checked: 401 first). */
  const idOf = (params: () => unknown) => (params() as { id: number }).id;

  /**
   * The `assistant` scope: with `X-Institution-Id` the assistant must be there; without, it names its
   * institution. An entry for one assistant type (`assistantType`) names no assistant of another.
   */
  async function assistantScope(
    c: Context,
    endpoint: Extract<Endpoint, { scope: 'assistant' }>,
    params: () => unknown,
  ): Promise<AssistantScope> {
    const token = await access.staffToken(c);
    const id = idOf(params);
    const header = headerInstitution(c);
    const fits = (type: AssistantType | null | undefined): type is AssistantType =>
      !!type && (!endpoint.assistantType || type === endpoint.assistantType);
    if (header !== null) {
      const { user, memberRole } = await access.session(token, header);
      const roles = await permitIn(c, header, memberRole, user, endpoint.permission);
      const type = await tenancy.assistantIn(header, id);
      if (!fits(type)) throw notFound();
      return { user, institutionId: header, roles, assistantId: id, assistantType: type };
    }
    const { user } = await access.session(token, 0);
    const found = await tenancy.assistantWithRole(id, user.userId);
    if (!found) throw notFound();
    const roles = await permitIn(c, found.institutionId, found.role, user, endpoint.permission);
    if (!fits(found.type)) throw notFound();
    return { user, institutionId: found.institutionId, roles, assistantId: id, assistantType: found.type };
  }

  /**
   * The staff `conversation` scope: the path's conversation (a UUID; anything else names nothing),
   * in the header's institution when one is sent; its institution decides the caller's roles.
   */
  async function conversationScope(
    c: Context,
    permission: Permission,
    params: () => unknown,
  ): Promise<ConversationScope> {
    const token = await access.staffToken(c);
    const conversationId = (params() as { id: string }).id;
    const header = headerInstitution(c);
    const { user } = await access.session(token, 0);
    const found = await tenancy.conversationWithRole(conversationId, user.userId);
    if (!found || (header !== null && found.institutionId !== header)) throw notFound();
    const roles = await permitIn(c, found.institutionId, found.role, user, permission);
    return {
      user,
      institutionId: found.institutionId,
      roles,
      conversationId,
      assistantId: found.assistantId,
    };
  }

  /** The `institution` scope: the path's `{id}` (`/institution/{id}…`), else the header (required then). */
  async function institutionScope(
    c: Context,
    permission: Permission,
    params: (() => unknown) | null,
  ): Promise<InstitutionScope> {
    const token = await access.staffToken(c);
    const pathId = params ? idOf(params) : null;
    // A malformed header is a 400 even where the path names the institution (it never widens access).
    const header = headerInstitution(c);
    const institutionId = pathId ?? header;
    if (institutionId === null) throw new ApiError(400, 'institution_required');
    const { user, memberRole } = await access.session(token, institutionId);
    return { user, institutionId, roles: await permitIn(c, institutionId, memberRole, user, permission) };
  }

  /** Checks the request against `endpoint`; answers the handler's scope or throws the refusal. */
  return async function resolve(c: Context, endpoint: Endpoint, params: () => unknown): Promise<AnyScope> {
    switch (endpoint.access) {
      case 'public':
        return {};
      case 'guest': {
        // The token names its conversation: compared with the raw path, a malformed one is a 403 too.
        const scope = await access.guest(c, c.req.param('id') ?? '');
        params();
        return scope;
      }
      case 'metrics':
        checkMetricsToken(c, deps.config.metricsToken);
        return {};
      case 'admin': {
        const { user } = await access.session(await access.staffToken(c), 0);
        if (!user.isAdmin) throw forbidden();
        return { user };
      }
      case 'staff':
        break;
    }
    switch (endpoint.scope) {
      case 'institution':
        // `/institution/{id}…` names the institution; any other `{id}` (a lead's) is the handler's.
        return institutionScope(
          c,
          endpoint.permission,
          endpoint.path.startsWith('/institution/{id}') ? params : null,
        );
      case 'assistant':
        return assistantScope(c, endpoint, params);
      case 'conversation':
        return conversationScope(c, endpoint.permission, params);
      case 'self': {
        const token = await access.staffToken(c);
        const userId = idOf(params);
        const { user } = await access.session(token, 0);
        if (userId !== user.userId && !user.isAdmin) throw forbidden();
        return { user, userId };
      }
      case 'none': {
        const { user } = await access.session(await access.staffToken(c), 0);
        return { user };
      }
    }
  };
}
