/** `POST auth/microsoft`: sign in with a Microsoft ID token; the session is stored. */
import * as routes from '@conversa/contract/routes/auth';
import type { MicrosoftLoginBody, Session } from '@conversa/contract/auth';
import useSWRMutation from 'swr/mutation';
import type { EitherCase } from '../case';
import type { DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useDataClient } from '../provider';

/** SWR key of this mutation. */
export const loginWithMicrosoftKey = 'auth/microsoft';

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
  const client = useDataClient();
  return useSWRMutation<Session, ApiRequestError, string, EitherCase<MicrosoftLoginBody>>(
    loginWithMicrosoftKey,
    (_key, { arg }) => loginWithMicrosoft(client, arg),
  );
}
