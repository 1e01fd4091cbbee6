/**
 * `POST public/conversation/{id}/delete`: the visitor deletes their conversation (confirmed in the
 * chat); it is forgotten, so the next question starts a new one. A module of its own: the chat
 * loads it only when the visitor asks.
 */
import * as routes from '@conversa/contract/routes/privacy';
import type { DataClient } from '../client';
import { forgetGuest } from './guest-conversation';

/** Deletes the guest's conversation `id` and forgets it. */
export async function deleteGuestConversation(client: DataClient, id: string): Promise<void> {
  await client.endpoint(routes.deleteOwnConversation, {
    params: { id },
    institution: false,
    sessionCheck: false,
  });
  forgetGuest(client);
}
