/** Reading an answer's server-sent events, however the bytes are split on the way. */
import type { ChatEvent } from '@conversa/contract/chat';
import { describe, expect, it } from 'vitest';
import { readChatEvents } from './sse';

/** A body that delivers `text` in the given pieces (cut anywhere, even inside a UTF-8 character). */
function body(text: string, cuts: number[] = []): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  const bounds = [0, ...cuts, bytes.length];
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i + 1 < bounds.length; i++) controller.enqueue(bytes.slice(bounds[i], bounds[i + 1]));
      controller.close();
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array>) {
  const events: ChatEvent[] = [];
  for await (const event of readChatEvents(stream)) events.push(event);
  return events;
}

const answer =
  'event: token\ndata: {"text":"Hola, "}\n\n' +
  ': keep-alive\n\n' +
  'event: token\r\ndata: {"text":"¿qué tal?"}\r\n\r\n' +
  'event: sources\ndata: {"sources":[{"kind":"faq","title":"Fees","file_id":null}]}\n\n' +
  'event: handoff\ndata: {"name":"Ana","email":null,"phone":null,"hours":null,"message":null}\n\n' +
  'event: done\ndata: {"message_id":2,"user_message_id":1}\n\n';

const expected: ChatEvent[] = [
  { event: 'token', data: { text: 'Hola, ' } },
  { event: 'token', data: { text: '¿qué tal?' } },
  { event: 'sources', data: { sources: [{ kind: 'faq', title: 'Fees', file_id: null }] } },
  { event: 'handoff', data: { name: 'Ana', email: null, phone: null, hours: null, message: null } },
  { event: 'done', data: { message_id: 2, user_message_id: 1 } },
];

describe('readChatEvents', () => {
  it('reads the events of an answer in order, skipping comments', async () => {
    expect(await collect(body(answer))).toEqual(expected);
  });

  it('reads the same events whatever the chunk boundaries', async () => {
    const length = new TextEncoder().encode(answer).length;
    for (let step = 1; step < 40; step += 3) {
      const cuts = Array.from({ length: Math.floor((length - 1) / step) }, (_, i) => (i + 1) * step);
      expect(await collect(body(answer, cuts))).toEqual(expected);
    }
  });

  it('skips unknown events and reads data split over several lines', async () => {
    const text =
      'event: ping\ndata: {}\n\nevent: error\ndata: {"code":"answer_failed",\ndata: "message":"No"}\n\n';
    expect(await collect(body(text))).toEqual([
      { event: 'error', data: { code: 'answer_failed', message: 'No' } },
    ]);
  });

  it('drops a last event cut off before its blank line (a broken connection)', async () => {
    const text = 'event: token\ndata: {"text":"a"}\n\nevent: done\ndata: {"message_id":1,"user_mess';
    expect(await collect(body(text))).toEqual([{ event: 'token', data: { text: 'a' } }]);
  });

  it('yields each event as soon as its bytes arrive', async () => {
    let push!: (text: string) => void;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(new TextEncoder().encode(text));
      },
    });
    const events = readChatEvents(stream);
    push('event: token\ndata: {"text":"a"}\n\n');
    expect((await events.next()).value).toEqual({ event: 'token', data: { text: 'a' } });
    // The reader stops the stream when the caller leaves early.
    await events.return(undefined);
  });
});
