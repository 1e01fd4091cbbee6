/** `POST user/logout`: the server revokes the token; locally the session and the cache are cleared. */
import * as routes from '@conversa/contract/routes/users';
import useSWRMutation from 'swr/mutation';
import type { DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useDataClient } from '../provider';

/** SWR key of this mutation. */
export const logoutKey = 'user/logout';

/** Signs out. The local session ends even when the server cannot be reached. */
export async function logout(client: DataClient): Promise<void> {
  try {
    if (client.session.getSnapshot().jwt) {
      await client.endpoint(routes.logout, { sessionCheck: false, report: false, token: 'staff' });
    }
  } catch {
    // Already revoked or unreachable: signing out locally is what matters.
  } finally {
    client.endSession();
  }
}

/** `trigger()` signs out. */
export function useLogout() {
  const client = useDataClient();
  return useSWRMutation<void, ApiRequestError, string>(logoutKey, () => logout(client));
}
