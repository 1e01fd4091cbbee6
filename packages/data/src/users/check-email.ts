/** `POST user/check-email`: whether an account exists for an e-mail (the sign-in flow's first step). */
import * as routes from '@conversa/contract/routes/users';
import type { CheckEmailBody, CheckEmailResult } from '@conversa/contract/user';
import useSWRMutation from 'swr/mutation';
import type { EitherCase } from '../case';
import type { DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useDataClient } from '../provider';

/** SWR key of this mutation. */
export const checkEmailKey = 'user/check-email';

/** `{exists}` for an e-mail. */
export function checkEmail(client: DataClient, body: EitherCase<CheckEmailBody>): Promise<CheckEmailResult> {
  return client.endpoint(routes.checkEmail, { json: body });
}

/** `trigger({email})` answers `{exists}`. */
export function useCheckEmail() {
  const client = useDataClient();
  return useSWRMutation<CheckEmailResult, ApiRequestError, string, EitherCase<CheckEmailBody>>(
    checkEmailKey,
    (_key, { arg }) => checkEmail(client, arg),
  );
}
