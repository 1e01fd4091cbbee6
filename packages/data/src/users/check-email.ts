/** `POST user/check-email`: whether an account exists for an e-mail (the sign-in flow's first step). */
import * as routes from '@conversa/contract/routes/users';
import type { CheckEmailBody, CheckEmailResult } from '@conversa/contract/user';
import type { EitherCase } from '../case';
import type { DataClient } from '../client';
import { useWrite } from '../mutation';

/** `{exists}` for an e-mail. */
export function checkEmail(client: DataClient, body: EitherCase<CheckEmailBody>): Promise<CheckEmailResult> {
  return client.endpoint(routes.checkEmail, { json: body });
}

/** `trigger({email})` answers `{exists}`. */
export function useCheckEmail() {
  return useWrite(routes.checkEmail, checkEmail);
}
