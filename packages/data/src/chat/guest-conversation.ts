/**
 * The visitor's conversation with an assistant (docs/product.md#states): started on the first question
 * (`POST public/assistant/{external_id}/session` answers a guest token scoped to one new conversation),
 * kept in the client's session store (the widget gives each assistant a store of its own, in the chat
 * frame's storage, never the host page's), read back with `GET public/conversation/{id}` after a
 * reload, and forgotten when the server no longer knows it (expired token, removed conversation).
 */
import type { Conversation } from '@conversa/contract/chat';
import * as routes from '@conversa/contract/routes/chat';
import type { DataClient } from '../client';
import { isApiRequestError } from '../errors';
import { useDataClient, useSession } from '../provider';
import { type Read, useRead } from '../read';
import { guestConversationKey } from './keys';

/** The guest's stored conversation and its token, or null before the first question. */
export function storedGuest(client: DataClient): { token: string; conversationId: string } | null {
  const { guestJwt, guestConversationId } = client.session.getSnapshot();
  return guestJwt && guestConversationId ? { token: guestJwt, conversationId: guestConversationId } : null;
}

/** Drops the stored conversation: the next question starts a new one. */
export function forgetGuest(client: DataClient): void {
  client.session.update({ guestJwt: null, guestConversationId: null });
}

/** True for answers that mean the stored conversation is gone for good (401, 403, 404). */
export function isGoneConversation(error: unknown): boolean {
  return isApiRequestError(error) && error.kind === 'http' && [401, 403, 404].includes(error.status);
}

/** Starts a conversation with the assistant `externalId` and stores its token. */
export async function startGuestConversation(
  client: DataClient,
  externalId: string,
): Promise<{ token: string; conversationId: string }> {
  const answer = await client.endpoint(routes.widgetSession, {
    params: { id: externalId },
    institution: false,
  });
  client.session.update({ guestJwt: answer.token, guestConversationId: answer.conversation_id });
  return { token: answer.token, conversationId: answer.conversation_id };
}

/** `GET public/conversation/{id}` with the guest token; a gone conversation is forgotten. */
export async function getGuestConversation(client: DataClient, id: string): Promise<Conversation | null> {
  try {
    return await client.endpoint(routes.getConversation, {
      params: { id },
      institution: false,
      report: false,
      // A refused guest token only ends this conversation, not a staff session of the same client.
      sessionCheck: false,
    });
  } catch (error) {
    if (!isGoneConversation(error)) throw error;
    forgetGuest(client);
    return null;
  }
}

/**
 * The stored conversation's transcript, once `enabled` (the chat knows its assistant is active);
 * `data` is null when there is none to restore.
 */
export function useGuestConversation(enabled: boolean): Read<Conversation | null> {
  const client = useDataClient();
  const { guestConversationId } = useSession();
  // Read once (`useRead`, no SWR): what is on screen after the first read is the chat's own.
  return useRead(
    enabled && guestConversationId ? guestConversationKey(guestConversationId).join('/') : null,
    () => getGuestConversation(client, guestConversationId!),
  );
}
