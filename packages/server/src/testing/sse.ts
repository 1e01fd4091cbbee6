/** Reads a server-sent event stream over real HTTP, as a browser's EventSource would. */
import { createParser } from 'eventsource-parser';
import { eventually } from './files.fixtures';

export interface SseMessage {
  event: string | undefined;
  id: string | undefined;
  data: Record<string, unknown>;
}

/** Opens `url` with `headers` and collects its events until `close()`. */
export async function openSse(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: SseMessage[] = [];
  const parser = createParser({
    onEvent: (message) =>
      events.push({
        event: message.event,
        id: message.id,
        data: JSON.parse(message.data) as Record<string, unknown>,
      }),
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
    /** Waits until an event matches; resolves to it. */
    async waitFor(match: (event: SseMessage) => boolean, timeoutMs = 10_000): Promise<SseMessage> {
      await eventually(() => events.some(match), timeoutMs);
      return events.find(match)!;
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}
