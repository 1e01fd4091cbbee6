/**
 * `GET institution-product/{id}/events`: the server-sent events of an assistant's files (docs/architecture.md#knowledge-and-answers:
 * state changes are pushed, not polled) and of its live conversations (docs/product.md#live-conversations). Read with fetch through the client, not `EventSource`,
 * which cannot send the `Authorization` and `X-Institution-Id` headers; parsed with
 * eventsource-parser (`events.ts`). A dropped or ended connection (the server ends each after at most
 * an hour) comes back with a doubling delay; a refusal (4xx but 429) ends it.
 */
import * as routes from '@conversa/contract/routes/assistants';
import { CONVERSATION_EVENT, type ConversationEvent } from '@conversa/contract/chat';
import { FILE_EVENT, type FileEvent } from '@conversa/contract/knowledge';
import { useEffect, useRef } from 'react';
import type { DataClient } from '../client';
import { readServerEvents } from '../events';
import { useDataClient } from '../provider';
import { followStream } from '../follow-stream';
import { applyFileEvent, editCachedFiles, isFilesKey } from './keys';

/** What to do with one connection's news. */
export interface AssistantEventHandlers {
  /** The stream is open (again): anything missed while closed is to be fetched now. */
  onOpen?: () => void;
  /** A file was added, changed state or was deleted (`deleted: true`). */
  onEvent?: (event: FileEvent) => void;
  /** A conversation of the assistant changed (a visitor's message, who answers it). */
  onConversation?: (event: ConversationEvent) => void;
}

/** Reads one connection until the server ends it; throws what the request or the read threw. */
export async function readAssistantEvents(
  client: DataClient,
  id: number,
  handlers: AssistantEventHandlers,
  signal: AbortSignal,
): Promise<void> {
  // A stream that cannot open is for the screen to show (its list), not for a toast per retry.
  const response = await client.stream(routes.assistantEvents, { params: { id }, signal, report: false });
  await readStaffEvents(response, handlers);
}

/** Hands a staff stream's file and conversation events to their handlers until it ends. */
export async function readStaffEvents(
  response: Response,
  { onOpen, onEvent, onConversation }: AssistantEventHandlers,
): Promise<void> {
  onOpen?.();
  if (!response.body) return;
  for await (const message of readServerEvents(response.body)) {
    const handler =
      message.event === FILE_EVENT ? onEvent : message.event === CONVERSATION_EVENT ? onConversation : undefined;
    if (!handler) continue;
    let event: unknown;
    try {
      event = JSON.parse(message.data);
    } catch {
      // One garbled event must not end the stream; the next reconnect refetches the list anyway.
      continue;
    }
    (handler as (event: unknown) => void)(event);
  }
}

/** Follows an assistant's events (`followStream` of `readAssistantEvents`). */
export function followAssistantEvents(
  client: DataClient,
  id: number,
  handlers: AssistantEventHandlers,
  signal: AbortSignal,
): Promise<void> {
  return followStream(
    (opened) =>
      readAssistantEvents(
        client,
        id,
        {
          ...handlers,
          onOpen: () => {
            opened();
            handlers.onOpen?.();
          },
        },
        signal,
      ),
    signal,
  );
}

/**
 * Keeps the cached files list of `assistantId` live while mounted: each event edits it in place, and
 * every (re)connection refetches it to catch what happened while no stream was open. `onEvent`
 * hears each event too (e.g. to announce a state change); it may change between renders.
 */
export function useAssistantEvents(
  assistantId: number | null | undefined,
  onEvent?: (event: FileEvent) => void,
): void {
  const client = useDataClient();
  const listener = useRef(onEvent);
  useEffect(() => {
    listener.current = onEvent;
  });
  useEffect(() => {
    if (!assistantId) return;
    const controller = new AbortController();
    void followAssistantEvents(
      client,
      assistantId,
      {
        onOpen: () => void client.invalidate(isFilesKey(assistantId)),
        onEvent: (event) => {
          void editCachedFiles(client, assistantId, (list) => applyFileEvent(list, event));
          listener.current?.(event);
        },
      },
      controller.signal,
    );
    return () => controller.abort();
  }, [client, assistantId]);
}
