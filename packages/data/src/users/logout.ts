/** `POST user/logout`: the server revokes the token; locally the session and the cache are cleared. */
import * as routes from '@conversa/contract/routes/users';
import type { DataClient } from '../client';
import { useWrite } from '../mutation';

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
  return useWrite(routes.logout, logout);
}
