/** `POST user/change-password`: the server ends every other session of the user. */
import * as routes from '@conversa/contract/routes/users';
import type { MessageResult } from '@conversa/contract/common';
import type { ChangePasswordBody } from '@conversa/contract/user';
import type { EitherCase } from '../case';
import type { DataClient } from '../client';
import { useWrite } from '../mutation';

/** Changes the password; answers the translated success message. */
export function changePassword(
  client: DataClient,
  body: EitherCase<ChangePasswordBody>,
): Promise<MessageResult> {
  return client.endpoint(routes.changePassword, { json: body });
}

/** `trigger({current_password, new_password})`. */
export function useChangePassword() {
  return useWrite(routes.changePassword, changePassword);
}
