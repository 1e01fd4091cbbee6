/**
 * `POST institution-product/{id}/handoff/confirmation`: mails the handoff address's confirmation
 * link again (a new link; the one before stops working). 409 `handoff_nothing_to_confirm` when the
 * address is confirmed or there is none; 429 past the assistant's hourly limit.
 */
import type { MessageResult } from '@conversa/contract/common';
import * as routes from '@conversa/contract/routes/assistants';
import type { DataClient } from '../client';
import { useWrite } from '../mutation';

/** Mails the confirmation link of the assistant `id`'s handoff address again. */
export function resendHandoffConfirmation(client: DataClient, id: number): Promise<MessageResult> {
  return client.endpoint(routes.resendHandoffConfirmation, { params: { id } });
}

/** `trigger()` mails the confirmation link of the assistant `id`'s handoff address again. */
export function useResendHandoffConfirmation(id: number) {
  return useWrite(routes.resendHandoffConfirmation, resendHandoffConfirmation, id);
}
