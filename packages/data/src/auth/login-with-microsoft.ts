/** `POST auth/microsoft`: sign in with a Microsoft ID token; the session is stored. */
import * as routes from '@conversa/contract/routes/auth';
import type { MicrosoftLoginBody, Session } from '@conversa/contract/auth';
import type { EitherCase } from '../case';
import type { DataClient } from '../client';
import { useWrite } from '../mutation';

/** Signs in with `{id_token}` from MSAL. */
export async function loginWithMicrosoft(
  client: DataClient,
  body: EitherCase<MicrosoftLoginBody>,
): Promise<Session> {
  const session = await client.endpoint(routes.microsoft, { json: body, sessionCheck: false });
  client.signIn(session);
  return session;
}

/** `trigger({id_token})` signs in. */
export function useLoginWithMicrosoft() {
  return useWrite(routes.microsoft, loginWithMicrosoft);
}
