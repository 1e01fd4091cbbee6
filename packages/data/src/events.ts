/**
 * Server-sent events read from a fetch response body with eventsource-parser: the one reader of the
 * frontends, for the console's file events and the chat's streamed answers (`EventSource` can neither
 * send the `Authorization` header nor POST). Comments (keep-alives) are skipped; as the SSE standard
 * says, an event cut off by the end of the body (no closing blank line) is dropped. The parser is
 * imported when the first stream is read: the chat's first load (its size budget) does without it.
 */
import type { EventSourceMessage } from 'eventsource-parser';

/** One event: its name (`message` when the server gave none) and its raw data. */
export interface ServerEvent {
  event: string;
  data: string;
  /** The event's id, when the server gave one (what `Last-Event-ID` sends back). */
  id?: string;
}

/** The events of `body`, in order, as they arrive; ends with the body. Leaving early cancels the download. */
export async function* readServerEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerEvent> {
  const queue: ServerEvent[] = [];
  const { createParser } = await import('eventsource-parser');
  const parser = createParser({
    onEvent: ({ event, data, id }: EventSourceMessage) =>
      void queue.push({ event: event ?? 'message', data, ...(id ? { id } : {}) }),
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(decoder.decode(value, { stream: true }));
      while (queue.length) yield queue.shift()!;
    }
  } finally {
    // A no-op once the body ended; otherwise it stops the download (the reader left, e.g. the chat closed).
    await reader.cancel().catch(() => undefined);
  }
}
