/** Switching the institution the console acts in (sign-in's select step, the admin's change-institution). */
import { type MemberRole, rolesIn } from '@conversa/contract/roles';
import type { DataClient } from '../client';

/**
 * Acts in another institution from now on (`X-Institution-Id`; null: in none). `role` is the
 * user's membership role there, when known (from `useUserInstitutions`); platform admins keep
 * `admin` everywhere.
 */
export function selectInstitution(
  client: DataClient,
  institutionId: number | null,
  role?: MemberRole | null,
): void {
  const { roles } = client.session.getSnapshot();
  client.session.update({ institutionId, roles: rolesIn(role ?? null, roles.includes('admin')) });
}
