/**
 * A console whose user is removed from an institution's team while they work in it: the next call
 * there answers 404. `membershipCheck` is the data client's `onInstitutionNotFound` for the console:
 * it asks for the user's memberships once (concurrent 404s share the answer) and, when the
 * institution is no longer among them, moves the session to the first one left (none: no
 * institution), empties the cache and tells the app. Platform admins act anywhere: never checked.
 */
import type { UserInstitution } from '@conversa/contract/user';
import type { DataClient } from '../client';
import { listUserInstitutions, userInstitutionsKey } from '../users/list-user-institutions';
import { selectInstitution } from './select-institution';

/** `onInstitutionNotFound` for `client`; `onLost` is told where the session acts now. */
export function membershipCheck(
  client: DataClient,
  onLost: (next: UserInstitution | null) => void,
): (institutionId: number) => Promise<boolean> {
  const checking = new Map<number, Promise<boolean>>();

  async function check(institutionId: number): Promise<boolean> {
    const { user, roles } = client.session.getSnapshot();
    if (!user || roles.includes('admin')) return false;
    let held: UserInstitution[];
    try {
      held = await listUserInstitutions(client, user.id, {
        institution: false,
        report: false,
        token: 'staff',
      });
    } catch {
      return false;
    }
    if (held.some((institution) => institution.id === institutionId)) return false;
    // Another 404 of the same institution, after the session already moved.
    if (client.session.getSnapshot().institutionId !== institutionId) return true;
    const next = held[0] ?? null;
    selectInstitution(client, next?.id ?? null, next?.role);
    // Nothing of the old institution stays. The app moves on before anything renders the old page
    // in the new institution; then the institution switcher gets what is left.
    client.clearCache();
    onLost(next);
    await client.setCached(userInstitutionsKey(user.id), held);
    return true;
  }

  return (institutionId) => {
    const pending = checking.get(institutionId);
    if (pending) return pending;
    const started = check(institutionId).finally(() => checking.delete(institutionId));
    checking.set(institutionId, started);
    return started;
  };
}
