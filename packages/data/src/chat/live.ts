/**
 * The visitor's side of a person stepping in (docs/product.md#live-conversations): asking for one,
 * and following their replies, status and typing (`GET public/conversation/{id}/events`). A dropped
 * connection comes back after 1 s, 2 s, 4 s … (capped at 30 s) with the last reply's id as
 * `Last-Event-ID`, so nothing is missed; a refusal (4xx but 429) ends it. The widget imports this
 * module when a person is asked for or already there: its first load does without it.
 */
import type { LiveEvent, LiveEventName } from '@conversa/contract/chat';
import type { PersonRequest } from '@conversa/contract/conversation';
import * as routes from '@conversa/contract/routes/chat';
import * as conversationRoutes from '@conversa/contract/routes/conversations';
import type { DataClient } from '../client';
import { readServerEvents } from '../events';
import { followStream } from '../follow-stream';

const NAMES: readonly string[] = ['message', 'status', 'typing'] satisfies LiveEventName[];

/** Asks for a person in conversation `id`: `live` when one may answer now (else offer the contact form). */
export function requestPerson(client: DataClient, id: string): Promise<PersonRequest> {
  return client.endpoint(conversationRoutes.requestPerson, {
    params: { id },
    institution: false,
    sessionCheck: false,
  });
}

/** Follows conversation `id`'s live events until `signal` aborts or the server refuses. */
export function followLive(
  client: DataClient,
  id: string,
  onEvent: (event: LiveEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  let lastEventId: string | undefined;
  return followStream(async (opened) => {
    const response = await client.stream(routes.conversationEvents, {
      params: { id },
      institution: false,
      sessionCheck: false,
      report: false,
      signal,
      ...(lastEventId ? { lastEventId } : {}),
    });
    opened();
    if (!response.body) return;
    for await (const message of readServerEvents(response.body)) {
      if (!NAMES.includes(message.event)) continue;
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        continue;
      }
      if (message.id) lastEventId = message.id;
      onEvent({ event: message.event, data } as LiveEvent);
    }
  }, signal);
}
