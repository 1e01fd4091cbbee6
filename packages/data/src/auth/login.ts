/** `POST auth/login`: sign in with e-mail and password; the answer becomes the stored session. */
import * as routes from '@conversa/contract/routes/auth';
import type { LoginBody, Session } from '@conversa/contract/auth';
import type { EitherCase } from '../case';
import type { DataClient } from '../client';
import { useWrite } from '../mutation';

/** Signs in and stores the session. */
export async function login(client: DataClient, body: EitherCase<LoginBody>): Promise<Session> {
  // A 401 here is a wrong password, not the end of a session.
  const session = await client.endpoint(routes.login, { json: body, sessionCheck: false });
  client.signIn(session);
  return session;
}

/** `trigger({email, password})` signs in. */
export function useLogin() {
  return useWrite(routes.login, login);
}
