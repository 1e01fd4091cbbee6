/**
 * Reads the server-sent events of an answer (`POST public/conversation/{id}/message`, contract
 * `ChatEvents`) with eventsource-parser: fetch gives the body, since EventSource cannot POST or send
 * the guest token. Unknown events and comments (keep-alives) are skipped; data is JSON; as the SSE
 * standard says, an event cut off by the end of the body (no closing blank line) is dropped.
 */
import type { ChatEvent, ChatEventName } from '@conversa/contract/chat';
import { createParser } from 'eventsource-parser';

const NAMES: readonly ChatEventName[] = ['token', 'sources', 'handoff', 'done', 'error'];

/** The events of a response body, in order, as they arrive; ends with the body. */
export async function* readChatEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ChatEvent> {
  const queue: ChatEvent[] = [];
  const parser = createParser({
    onEvent({ event, data }) {
      if (!NAMES.includes(event as ChatEventName)) return;
      queue.push({ event, data: JSON.parse(data) } as ChatEvent);
    },
  });
  const reader = body.pipeThrough(new TextDecoderStream() as TransformStream<Uint8Array, string>).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
      while (queue.length) yield queue.shift()!;
    }
  } finally {
    // Stops the download when the reader leaves early (the chat closed); a no-op once the body ended.
    void reader.cancel().catch(() => undefined);
  }
}
