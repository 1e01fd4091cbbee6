/** Reads a server-sent event stream over real HTTP, as a browser's EventSource would. */
import { createParser } from 'eventsource-parser';
import { eventually } from './eventually';

export interface SseMessage<T = Record<string, unknown>> {
  event: string | undefined;
  id: string | undefined;
  data: T;
}

/**
 * Opens `url` with `headers` over a real socket (fetch, as the console and the widget read it) and
 * collects its events and comments until `close()`.
 */
export async function openSse<T = Record<string, unknown>>(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: SseMessage<T>[] = [];
  const comments: string[] = [];
  const parser = createParser({
    onEvent: (message) =>
      events.push({ event: message.event, id: message.id, data: JSON.parse(message.data) as T }),
    onComment: (comment) => comments.push(comment),
  });
  const reading = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) parser.feed(decoder.decode(chunk, { stream: true }));
    } catch {
      // aborted by close()
    }
  })();
  return {
    response,
    events,
    comments,
    /** Settles when the stream ends, whoever ends it. */
    ended: reading,
    /** Waits until an event matches; resolves to it. */
    async waitFor(match: (event: SseMessage<T>) => boolean, timeoutMs = 10_000): Promise<SseMessage<T>> {
      await eventually(() => events.some(match), timeoutMs);
      return events.find(match)!;
    },
    /** Disconnects, as a closed browser tab does. */
    async close() {
      controller.abort();
      await reading;
    },
  };
}
