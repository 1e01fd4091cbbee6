/** Product access rules that do not fit the generic middleware. */
import type { MemberRole, Role } from '@conversa/contract/roles';
import type { AuthState } from '../auth/auth.middleware';

/**
 * The request's auth state re-pointed at an institution found through a resource (a product read
 * without `X-Institution-Id`), so the usual `authorize` rules apply to it.
 */
export function actingIn(auth: AuthState, institutionId: number, memberRole: MemberRole | null): AuthState {
  const roles: Role[] = [...(memberRole ? [memberRole] : []), ...(auth.isAdmin ? (['admin'] as const) : [])];
  return { ...auth, institutionId, memberRole, roles };
}
