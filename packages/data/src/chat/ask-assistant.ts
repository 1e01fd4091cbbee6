/**
 * `POST public/conversation/{id}/message`: a visitor's question, answered as server-sent events
 * (contract `ChatEvents`: `token`s, `sources`, maybe `handoff`, then `done`; or `error`). The first
 * question starts the conversation; a conversation the server no longer knows is forgotten, so the
 * retry starts afresh.
 */
import * as routes from '@conversa/contract/routes/chat';
import type { ChatEvent, ChatEventName } from '@conversa/contract/chat';
import { useCallback } from 'react';
import type { DataClient } from '../client';
import { ApiRequestError } from '../errors';
import { readServerEvents } from '../events';
import { useDataClient } from '../provider';
import { forgetGuest, isGoneConversation, startGuestConversation, storedGuest } from './guest-conversation';

const NAMES: readonly string[] = ['token', 'sources', 'handoff', 'done', 'error'] satisfies ChatEventName[];

/**
 * Asks the assistant `externalId`; the answer's events reach `onEvent` as they arrive. Rejects with an
 * `ApiRequestError`: the server's (localized) refusal, its `error` event, or kind `network` when the
 * connection failed or ended before `done`.
 */
export async function askAssistant(
  client: DataClient,
  externalId: string,
  text: string,
  onEvent: (event: ChatEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const { conversationId } = storedGuest(client) ?? (await startGuestConversation(client, externalId));
  let response: Response;
  try {
    response = await client.stream(routes.postMessage, {
      params: { id: conversationId },
      json: { text },
      institution: false,
      sessionCheck: false,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (isGoneConversation(error)) forgetGuest(client);
    throw error;
  }
  if (!response.body) throw new ApiRequestError('The answer has no body', 'network', 0, 'network_error');
  let done = false;
  for await (const { event, data } of readServerEvents(response.body)) {
    if (!NAMES.includes(event)) continue;
    let parsed: ChatEvent;
    try {
      parsed = { event, data: JSON.parse(data) as unknown } as ChatEvent;
    } catch {
      // A garbled event is skipped; the answer still ends with `done` or is reported cut off.
      continue;
    }
    if (parsed.event === 'error') {
      throw new ApiRequestError(parsed.data.message, 'http', 500, parsed.data.code);
    }
    done ||= parsed.event === 'done';
    onEvent(parsed);
  }
  // The connection ended before the answer did.
  if (!done) throw new ApiRequestError('The answer was cut off', 'network', 0, 'network_error');
}

/** `askAssistant` bound to the provider's client and the assistant `externalId`. */
export function useAskAssistant(externalId: string) {
  const client = useDataClient();
  return useCallback(
    (text: string, onEvent: (event: ChatEvent) => void, signal?: AbortSignal) =>
      askAssistant(client, externalId, text, onEvent, signal),
    [client, externalId],
  );
}
