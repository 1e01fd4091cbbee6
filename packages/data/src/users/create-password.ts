/** `POST user/create-password`: creates the account with the mailed code; the session is stored. */
import * as routes from '@conversa/contract/routes/users';
import type { Session } from '@conversa/contract/auth';
import type { CreatePasswordBody } from '@conversa/contract/user';
import useSWRMutation from 'swr/mutation';
import type { EitherCase } from '../case';
import type { DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useDataClient } from '../provider';

/** SWR key of this mutation. */
export const createPasswordKey = 'user/create-password';

/** Creates the account and signs in. */
export async function createPassword(client: DataClient, body: EitherCase<CreatePasswordBody>): Promise<Session> {
  const session = await client.endpoint(routes.createPassword, { json: body, sessionCheck: false });
  client.signIn(session);
  return session;
}

/** `trigger({email, code, password})` creates the account and signs in. */
export function useCreatePassword() {
  const client = useDataClient();
  return useSWRMutation<Session, ApiRequestError, string, EitherCase<CreatePasswordBody>>(
    createPasswordKey,
    (_key, { arg }) => createPassword(client, arg),
  );
}
