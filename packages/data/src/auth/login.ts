/** `POST auth/login`: sign in with e-mail and password; the answer becomes the stored session. */
import * as routes from '@conversa/contract/routes/auth';
import type { LoginBody, Session } from '@conversa/contract/auth';
import useSWRMutation from 'swr/mutation';
import type { EitherCase } from '../case';
import type { DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useDataClient } from '../provider';

/** SWR key of this mutation. */
export const loginKey = 'auth/login';

/** Signs in and stores the session. */
export async function login(client: DataClient, body: EitherCase<LoginBody>): Promise<Session> {
  // A 401 here is a wrong password, not the end of a session.
  const session = await client.endpoint(routes.login, { json: body, sessionCheck: false });
  client.signIn(session);
  return session;
}

/** `trigger({email, password})` signs in. */
export function useLogin() {
  const client = useDataClient();
  return useSWRMutation<Session, ApiRequestError, string, EitherCase<LoginBody>>(loginKey, (_key, { arg }) =>
    login(client, arg),
  );
}
