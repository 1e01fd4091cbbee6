/**
 * `GET institution-product/{id}/events`: the server-sent events of an assistant's files and websites (docs/architecture.md#knowledge-and-answers:
 * state changes are pushed, not polled) and of its live conversations (docs/product.md#live-conversations). Read with fetch through the client, not `EventSource`,
 * which cannot send the `Authorization` and `X-Institution-Id` headers; parsed with
 * eventsource-parser (`events.ts`). A dropped or ended connection (the server ends each after at most
 * an hour) comes back with a doubling delay; a refusal (4xx but 429) ends it.
 */
import * as routes from '@conversa/contract/routes/assistants';
import { CONVERSATION_EVENT, type ConversationEvent } from '@conversa/contract/chat';
import { FILE_EVENT, type FileEvent } from '@conversa/contract/knowledge';
import {
  WEBSITE_EVENT,
  WEBSITE_PAGE_EVENT,
  type WebsiteEvent,
  type WebsitePageEvent,
} from '@conversa/contract/website';
import { useEffect } from 'react';
import type { DataClient } from '../client';
import { readServerEvents } from '../events';
import { useDataClient } from '../provider';
import { useLatest } from '../use-latest';
import { followStream } from '../follow-stream';
import {
  applyWebsiteEvent,
  editCachedPages,
  editCachedWebsites,
  isWebsitePagesKey,
  isWebsitesKey,
} from '../websites/keys';
import { applyFileEvent, editCachedFiles, isFilesKey } from './keys';

/** What to do with one connection's news. */
export interface AssistantEventHandlers {
  /** The stream is open (again): anything missed while closed is to be fetched now. */
  onOpen?: () => void;
  /** A file was added, changed state or was deleted (`deleted: true`). */
  onEvent?: (event: FileEvent) => void;
  /** A website was added, changed (state, counts, settings) or was deleted (`deleted: true`). */
  onWebsite?: (event: WebsiteEvent) => void;
  /** A page of a website changed state. */
  onWebsitePage?: (event: WebsitePageEvent) => void;
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
  { onOpen, onEvent, onWebsite, onWebsitePage, onConversation }: AssistantEventHandlers,
): Promise<void> {
  onOpen?.();
  if (!response.body) return;
  const handlers: Record<string, ((event: never) => void) | undefined> = {
    [FILE_EVENT]: onEvent,
    [WEBSITE_EVENT]: onWebsite,
    [WEBSITE_PAGE_EVENT]: onWebsitePage,
    [CONVERSATION_EVENT]: onConversation,
  };
  for await (const message of readServerEvents(response.body)) {
    const handler = message.event ? handlers[message.event] : undefined;
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

/** What one screen part hears of an assistant's stream (each may change between renders). */
export interface AssistantListeners {
  onFile?: (event: FileEvent) => void;
  onWebsite?: (event: WebsiteEvent) => void;
  onWebsitePage?: (event: WebsitePageEvent) => void;
}

/** One open stream of an assistant, shared by every mounted part of a client that follows it. */
interface SharedStream {
  listeners: Set<{ current: AssistantListeners }>;
  controller: AbortController;
}

const streams = new WeakMap<DataClient, Map<number, SharedStream>>();

/** A page the cached lists have not seen yet is fetched with its list, at most once a second per site. */
const PAGE_REFETCH_MS = 1_000;

/**
 * Opens the assistant's stream for the first listener (the files and the websites of one screen
 * share it: the server bounds the streams a user may hold open), closes it after the last. Every
 * event edits the cache once, whoever listens; every (re)connection refetches the lists.
 */
function subscribe(client: DataClient, id: number, listener: { current: AssistantListeners }): () => void {
  let byId = streams.get(client);
  if (!byId) streams.set(client, (byId = new Map()));
  let stream = byId.get(id);
  if (!stream) {
    const opened: SharedStream = { listeners: new Set(), controller: new AbortController() };
    stream = opened;
    byId.set(id, opened);
    const refetching = new Map<number, ReturnType<typeof setTimeout>>();
    opened.controller.signal.addEventListener('abort', () => refetching.forEach(clearTimeout));
    const each = (hear: (listeners: AssistantListeners) => void) =>
      opened.listeners.forEach((held) => hear(held.current));
    void followAssistantEvents(
      client,
      id,
      {
        onOpen: () => {
          void client.invalidate(isFilesKey(id));
          void client.invalidate(isWebsitesKey(id));
          void client.invalidate(isWebsitePagesKey(id));
        },
        onEvent: (event) => {
          void editCachedFiles(client, id, (list) => applyFileEvent(list, event));
          each((listeners) => listeners.onFile?.(event));
        },
        onWebsite: (event) => {
          void editCachedWebsites(client, id, (list) => applyWebsiteEvent(list, event));
          each((listeners) => listeners.onWebsite?.(event));
        },
        onWebsitePage: (event) => {
          void editCachedPages(client, id, event).then((found) => {
            if (
              found ||
              event.deleted ||
              refetching.has(event.website_id) ||
              opened.controller.signal.aborted
            )
              return;
            const timer = setTimeout(() => {
              refetching.delete(event.website_id);
              void client.invalidate(isWebsitePagesKey(id, event.website_id));
            }, PAGE_REFETCH_MS);
            refetching.set(event.website_id, timer);
          });
          each((listeners) => listeners.onWebsitePage?.(event));
        },
      },
      opened.controller.signal,
    );
  }
  const held = stream;
  held.listeners.add(listener);
  return () => {
    held.listeners.delete(listener);
    if (held.listeners.size > 0) return;
    held.controller.abort();
    if (byId.get(id) === held) byId.delete(id);
  };
}

/**
 * Follows the assistant's stream while mounted (one connection per client and assistant, however
 * many parts follow it): each event edits the cached files, websites and page lists in place, and
 * every (re)connection refetches them to catch what happened while no stream was open. `listeners`
 * hear each event too (e.g. to announce a state change).
 */
export function useAssistantStream(
  assistantId: number | null | undefined,
  listeners: AssistantListeners = {},
): void {
  const client = useDataClient();
  const listener = useLatest(listeners);
  useEffect(() => {
    if (!assistantId) return;
    return subscribe(client, assistantId, listener);
  }, [client, assistantId]);
}

/**
 * Keeps the cached files list of `assistantId` live while mounted (`useAssistantStream`); `onEvent`
 * hears each file event too (e.g. to announce a state change); it may change between renders.
 */
export function useAssistantEvents(
  assistantId: number | null | undefined,
  onEvent?: (event: FileEvent) => void,
): void {
  useAssistantStream(assistantId, { onFile: onEvent });
}
