/** `POST auth/google`: sign in with the Google Identity Services credential; the session is stored. */
import * as routes from '@conversa/contract/routes/auth';
import type { GoogleLoginBody, Session } from '@conversa/contract/auth';
import type { EitherCase } from '../case';
import type { DataClient } from '../client';
import { useWrite } from '../mutation';

/** Signs in with `{credential, client_id, select_by}` from the Google callback. */
export async function loginWithGoogle(
  client: DataClient,
  body: EitherCase<GoogleLoginBody>,
): Promise<Session> {
  const session = await client.endpoint(routes.google, { json: body, sessionCheck: false });
  client.signIn(session);
  return session;
}

/** `trigger(googleCallbackAnswer)` signs in. */
export function useLoginWithGoogle() {
  return useWrite(routes.google, loginWithGoogle);
}
