/** `POST user/change-password`: the server ends every other session of the user. */
import * as routes from '@conversa/contract/routes/users';
import type { MessageResult } from '@conversa/contract/common';
import type { ChangePasswordBody } from '@conversa/contract/user';
import useSWRMutation from 'swr/mutation';
import type { EitherCase } from '../case';
import type { DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useDataClient } from '../provider';

/** SWR key of this mutation. */
export const changePasswordKey = 'user/change-password';

/** Changes the password; answers the translated success message. */
export function changePassword(client: DataClient, body: EitherCase<ChangePasswordBody>): Promise<MessageResult> {
  return client.endpoint(routes.changePassword, { json: body });
}

/** `trigger({current_password, new_password})`. */
export function useChangePassword() {
  const client = useDataClient();
  return useSWRMutation<MessageResult, ApiRequestError, string, EitherCase<ChangePasswordBody>>(
    changePasswordKey,
    (_key, { arg }) => changePassword(client, arg),
  );
}
