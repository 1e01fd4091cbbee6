/** `POST user/create-password`: creates the account with the mailed code; the session is stored. */
import * as routes from '@conversa/contract/routes/users';
import type { Session } from '@conversa/contract/auth';
import type { CreatePasswordBody } from '@conversa/contract/user';
import type { EitherCase } from '../case';
import type { DataClient } from '../client';
import { useWrite } from '../mutation';

/** Creates the account and signs in. */
export async function createPassword(
  client: DataClient,
  body: EitherCase<CreatePasswordBody>,
): Promise<Session> {
  const session = await client.endpoint(routes.createPassword, { json: body, sessionCheck: false });
  client.signIn(session);
  return session;
}

/** `trigger({email, code, password})` creates the account and signs in. */
export function useCreatePassword() {
  return useWrite(routes.createPassword, createPassword);
}
