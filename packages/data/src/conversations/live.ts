/**
 * A person stepping into a conversation, from the console (docs/product.md#live-conversations):
 * take it over, reply as oneself, say one is typing, hand it back. Each write updates the cached
 * transcript at once, and the conversation lists (their status column and filter) refresh.
 */
import type { ChatMessage } from '@conversa/contract/chat';
import type { ConversationDetail, ConversationState } from '@conversa/contract/conversation';
import * as routes from '@conversa/contract/routes/conversations';
import { unstable_serialize } from 'swr';
import type { DataClient } from '../client';
import { conversationKey, isAnyConversationListKey } from './keys';
import { useWrite } from '../mutation';

/** Edits the cached transcript of `id`, if there is one. */
async function editCached(
  client: DataClient,
  id: string,
  edit: (detail: ConversationDetail) => ConversationDetail,
) {
  const key = conversationKey(id);
  const cached = client.cache.peek(unstable_serialize(key))?.data as ConversationDetail | undefined;
  if (cached) await client.setCached(key, edit(cached));
}

/** Keeps the new state: on the transcript now, and in the lists when they are read again. */
async function keepState(client: DataClient, id: string, state: ConversationState) {
  await editCached(client, id, (detail) => ({ ...detail, ...state }));
  await client.invalidate(isAnyConversationListKey);
  return state;
}

/** Takes conversation `id` over (`force`: from a colleague, for those who manage the team). */
export async function takeOverConversation(client: DataClient, id: string, force = false) {
  const state = await client.endpoint(routes.takeOverConversation, { params: { id }, json: { force } });
  return keepState(client, id, state);
}

/** Hands conversation `id` back to the assistant. */
export async function releaseConversation(client: DataClient, id: string) {
  return keepState(client, id, await client.endpoint(routes.releaseConversation, { params: { id } }));
}

/** Sends the visitor a message as the person holding conversation `id`. */
export async function replyInConversation(
  client: DataClient,
  id: string,
  text: string,
): Promise<ChatMessage> {
  const message = await client.endpoint(routes.replyInConversation, { params: { id }, json: { text } });
  await editCached(client, id, (detail) =>
    detail.messages.some((one) => one.id === message.id)
      ? detail
      : { ...detail, messages: [...detail.messages, message], last_interaction_at: message.created_at },
  );
  return message;
}

/** Tells the visitor the holder is typing (the server sends it at most once in a few seconds). */
export async function signalTyping(client: DataClient, id: string): Promise<boolean> {
  const { sent } = await client.endpoint(routes.signalTyping, { params: { id }, report: false });
  return sent;
}

/** `trigger(force?)` takes conversation `id` over. */
export function useTakeOverConversation(id: string) {
  return useWrite(routes.takeOverConversation, takeOverConversation, id);
}

/** `trigger()` hands conversation `id` back to the assistant. */
export function useReleaseConversation(id: string) {
  return useWrite(routes.releaseConversation, releaseConversation, id);
}

/** `trigger(text)` replies in conversation `id`. */
export function useReplyInConversation(id: string) {
  return useWrite(routes.replyInConversation, replyInConversation, id);
}
