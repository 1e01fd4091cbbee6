/** `POST user/password/request-reset`: mails a reset link (the same answer for unknown e-mails). */
import * as routes from '@conversa/contract/routes/users';
import type { MessageResult } from '@conversa/contract/common';
import type { RequestResetBody } from '@conversa/contract/user';
import useSWRMutation from 'swr/mutation';
import type { EitherCase } from '../case';
import type { DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useDataClient } from '../provider';

/** SWR key of this mutation. */
export const requestResetKey = 'user/password/request-reset';

/** Asks for a reset mail; answers the message to show. */
export function requestReset(client: DataClient, body: EitherCase<RequestResetBody>): Promise<MessageResult> {
  return client.endpoint(routes.requestReset, { json: body });
}

/** `trigger({email})`. */
export function useRequestReset() {
  const client = useDataClient();
  return useSWRMutation<MessageResult, ApiRequestError, string, EitherCase<RequestResetBody>>(
    requestResetKey,
    (_key, { arg }) => requestReset(client, arg),
  );
}
