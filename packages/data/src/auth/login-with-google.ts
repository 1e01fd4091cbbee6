/** `POST auth/google`: sign in with the Google Identity Services credential; the session is stored. */
import * as routes from '@conversa/contract/routes/auth';
import type { GoogleLoginBody, Session } from '@conversa/contract/auth';
import useSWRMutation from 'swr/mutation';
import type { EitherCase } from '../case';
import type { DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useDataClient } from '../provider';

/** SWR key of this mutation. */
export const loginWithGoogleKey = 'auth/google';

/** Signs in with `{credential, client_id, select_by}` from the Google callback. */
export async function loginWithGoogle(client: DataClient, body: EitherCase<GoogleLoginBody>): Promise<Session> {
  const session = await client.endpoint(routes.google, { json: body, sessionCheck: false });
  client.signIn(session);
  return session;
}

/** `trigger(googleCallbackAnswer)` signs in. */
export function useLoginWithGoogle() {
  const client = useDataClient();
  return useSWRMutation<Session, ApiRequestError, string, EitherCase<GoogleLoginBody>>(
    loginWithGoogleKey,
    (_key, { arg }) => loginWithGoogle(client, arg),
  );
}
