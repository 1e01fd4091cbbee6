/** `POST user/password/reset`: sets a new password with the mailed token. */
import * as routes from '@conversa/contract/routes/users';
import type { MessageResult } from '@conversa/contract/common';
import type { ResetPasswordBody } from '@conversa/contract/user';
import type { EitherCase } from '../case';
import type { DataClient } from '../client';
import { useWrite } from '../mutation';

/** Sets the password; answers the message to show before going to login (docs/product.md#states). */
export function resetPassword(
  client: DataClient,
  body: EitherCase<ResetPasswordBody>,
): Promise<MessageResult> {
  // A refused token is the form's error, not the end of a session.
  return client.endpoint(routes.resetPassword, { json: body, sessionCheck: false });
}

/** `trigger({verification_token, password})`. */
export function useResetPassword() {
  return useWrite(routes.resetPassword, resetPassword);
}
