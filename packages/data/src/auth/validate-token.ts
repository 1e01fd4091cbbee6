/** `POST auth/validate-token`: the session of the stored token, refreshed into the store. */
import * as routes from '@conversa/contract/routes/auth';
import type { Session } from '@conversa/contract/auth';
import type { CallOptions, DataClient } from '../client';
import { routeKey } from '../keys';
import { useSession } from '../provider';
import { useCached } from '../cached';

/** Keyed by the token, so a new sign-in checks again. */
export const validateTokenKey = (jwt: string) => routeKey(routes.validateToken, undefined, jwt);

/** Checks the token; its session (user, profile, roles) replaces the stored one. A dead token is a 401. */
export async function validateToken(client: DataClient, options?: CallOptions): Promise<Session> {
  const session = await client.endpoint(routes.validateToken, options);
  client.signIn(session, { refresh: true });
  return session;
}

/** Checks the stored token once per cache lifetime; nothing when signed out. */
export function useValidateToken() {
  const { jwt } = useSession();
  // The token keys the entry; the call sends the stored one itself.
  return useCached(jwt ? [jwt] : null, validateTokenKey, (client, _jwt, options) =>
    validateToken(client, options),
  );
}
