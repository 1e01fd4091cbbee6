/**
 * `POST institution-product/{id}/handoff/confirmation`: mails the handoff address's confirmation
 * link again (a new link; the one before stops working). 409 `handoff_nothing_to_confirm` when the
 * address is confirmed or there is none; 429 past the assistant's hourly limit.
 */
import type { MessageResult } from '@conversa/contract/common';
import * as routes from '@conversa/contract/routes/assistants';
import useSWRMutation from 'swr/mutation';
import type { DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useDataClient } from '../provider';

/** Mails the confirmation link of the assistant `id`'s handoff address again. */
export function resendHandoffConfirmation(client: DataClient, id: number): Promise<MessageResult> {
  return client.endpoint(routes.resendHandoffConfirmation, { params: { id } });
}

/** `trigger()` mails the confirmation link of the assistant `id`'s handoff address again. */
export function useResendHandoffConfirmation(id: number) {
  const client = useDataClient();
  return useSWRMutation<MessageResult, ApiRequestError, readonly [string, number, string]>(
    ['institution-product', id, 'handoff-confirmation'],
    () => resendHandoffConfirmation(client, id),
  );
}
