/** `POST user/password/request-reset`: mails a reset link (the same answer for unknown e-mails). */
import * as routes from '@conversa/contract/routes/users';
import type { MessageResult } from '@conversa/contract/common';
import type { RequestResetBody } from '@conversa/contract/user';
import type { EitherCase } from '../case';
import type { DataClient } from '../client';
import { useWrite } from '../mutation';

/** Asks for a reset mail; answers the message to show. */
export function requestReset(client: DataClient, body: EitherCase<RequestResetBody>): Promise<MessageResult> {
  return client.endpoint(routes.requestReset, { json: body });
}

/** `trigger({email})`. */
export function useRequestReset() {
  return useWrite(routes.requestReset, requestReset);
}
