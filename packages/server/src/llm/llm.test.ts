/**
 * Generative answers against a local OpenAI-compatible peer (a real HTTP server streaming real
 * chunked server-sent events): tokens re-emitted, the grounded request, and every failure mode
 * (500, garbage, stalls, a closed port) falling back to the extractive answer before the first
 * token, or ending in an `answer_failed` event after it.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Conversation } from '@conversa/contract/chat';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ask, setFaqs, setKnowledgeBase, startSession, updateAssistant } from '../testing/chat.fixtures';
import type { LlmConfig } from '../config';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';
import { deltaOf, LlmError, MAX_ANSWER_CHARS, MAX_COMPLETION_BYTES, streamCompletion } from './llm';
import { structuredCompletion } from './llm-json';
import * as v from 'valibot';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: { model: string; stream: boolean; messages: { role: string; content: string }[] };
}

type Behaviour = (res: ServerResponse) => void;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const chunk = (content: string) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;

/** Streams pieces as real SSE, a few milliseconds apart, one event split across two writes. */
const streams =
  (pieces: string[], after: 'done' | 'stall' | 'garbage' = 'done'): Behaviour =>
  (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    void (async () => {
      res.write(': keep-alive comment\n\n');
      for (const [index, piece] of pieces.entries()) {
        await sleep(5);
        const event = chunk(piece);
        if (index === 0) {
          res.write(event.slice(0, 10));
          await sleep(5);
          res.write(event.slice(10));
        } else res.write(event);
      }
      if (after === 'stall') return; // headers and tokens sent, then silence
      if (after === 'garbage') {
        res.end('data: {"choices": [garbage\n\n');
        return;
      }
      res.end('data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n');
    })();
  };

let peer: Server;
let peerUrl: string;
let behaviour: Behaviour;
const received: Received[] = [];
const open = new Set<ServerResponse>();

let server: TestServer;
let school: Tenant;

const TIMEOUT_MS = 400;

beforeAll(async () => {
  peer = createServer((req, res) => {
    let raw = '';
    req.on('data', (data: Buffer) => (raw += data.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(raw) as Received['body'] });
      open.add(res);
      res.on('close', () => open.delete(res));
      behaviour(res);
    });
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/v1/`;

  server = await createTestServer({
    env: {
      LLM_BASE_URL: peerUrl,
      LLM_MODEL: 'test-model',
      LLM_API_KEY: 'sk-test',
      LLM_TIMEOUT_MS: String(TIMEOUT_MS),
    },
  });
  school = await createTenant(server, { name: 'Colegio Norte', kind: 'school' });
  await setKnowledgeBase(
    server,
    school,
    'The school bus collects students every morning at 7:30 from the town square.\n\n' +
      'El transporte escolar recoge a los alumnos cada mañana a las 7:30 en la plaza.',
  );
  await setFaqs(server, school, [
    { question: 'How much is the tuition fee?', answer: 'It is 450 euros a month.' },
  ]);
  await updateAssistant(server, school, { handoff: { name: 'Ana', email: 'ana@example.com' } });
});

beforeEach(() => {
  received.length = 0;
  behaviour = streams(['The bus ', 'leaves at ', '7:30 [1].']);
});

afterAll(async () => {
  for (const res of open) res.destroy();
  await new Promise<void>((resolve) => peer.close(() => resolve()));
  await server.close();
});

const eventNames = (answer: Awaited<ReturnType<typeof ask>>) => answer.events.map((event) => event.event);

describe('generative answers through the chat', () => {
  it('streams the completion as token events, grounded on the passages, and stores it', async () => {
    const session = await startSession(server, school);
    const answer = await ask(server, session, 'When does the school bus leave?');
    expect(answer.status).toBe(200);
    expect(eventNames(answer)).toEqual(['token', 'token', 'token', 'sources', 'done']);
    expect(answer.events.slice(0, 3).map((event) => event.data.text)).toEqual([
      'The bus ',
      'leaves at ',
      '7:30 [1].',
    ]);
    expect(answer.events[3]!.data).toEqual({
      sources: [{ kind: 'knowledge_base', title: null, file_id: null }],
    });

    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.headers.authorization).toBe('Bearer sk-test');
    expect(request!.body).toMatchObject({ model: 'test-model', stream: true });
    const [system, user] = request!.body.messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('Always answer in English');
    expect(system!.content).toMatch(/not sure/);
    // The passages ride in the user's message, fenced as data (llm-safety.test.ts).
    expect(user!.role).toBe('user');
    expect(user!.content).toContain(
      '[1] (Knowledge base)\nThe school bus collects students every morning at 7:30',
    );
    expect(user!.content.endsWith('\nWhen does the school bus leave?')).toBe(true);

    const { body } = await server.call<{ data: Conversation }>(
      `/api/public/conversation/${session.conversation_id}`,
      {
        token: session.token,
      },
    );
    expect(body.data.messages.map((message) => message.text)).toEqual([
      'When does the school bus leave?',
      'The bus leaves at 7:30 [1].',
    ]);
  });

  it('answers a follow-up with the conversation so far: looked up with the previous question, the turns in the prompt', async () => {
    const session = await startSession(server, school);
    await ask(server, session, 'When does the school bus leave?');
    // Alone, "where does it stop?" finds nothing; with the previous question it finds the bus passage.
    const followUp = await ask(server, session, 'And where does it stop?');
    expect(eventNames(followUp)).toEqual(['token', 'token', 'token', 'sources', 'done']);
    expect(received).toHaveLength(2);
    const [system, ...turns] = received[1]!.body.messages;
    expect(system!.role).toBe('system');
    expect(turns.slice(0, 2)).toEqual([
      { role: 'user', content: 'When does the school bus leave?' },
      { role: 'assistant', content: 'The bus leaves at 7:30 [1].' },
    ]);
    expect(turns).toHaveLength(3);
    expect(turns[2]!.content).toContain('[1] (Knowledge base)\nThe school bus collects students');
    expect(turns[2]!.content.endsWith('\nAnd where does it stop?')).toBe(true);
  });

  it('keeps an unrelated new question apart from the one before', async () => {
    const session = await startSession(server, school);
    await ask(server, session, 'When does the school bus leave?');
    const unrelated = await ask(server, session, 'Do you sell helicopters?');
    expect(eventNames(unrelated)).toContain('handoff');
    expect(received).toHaveLength(1);
  });

  it("asks for the answer in the question's language", async () => {
    const session = await startSession(server, school, { locale: 'en' });
    await ask(server, session, '¿A qué hora pasa el transporte escolar?');
    expect(received[0]!.body.messages[0]!.content).toContain('Always answer in Spanish');
  });

  it('does not call the LLM when nothing is found: it says so and offers the handoff', async () => {
    const session = await startSession(server, school);
    const answer = await ask(server, session, 'Do you have a helicopter landing pad?');
    expect(received).toHaveLength(0);
    expect(eventNames(answer).slice(-3)).toEqual(['sources', 'handoff', 'done']);
    expect(answer.text).toMatch(/^I could not find that in my information/);
  });

  it("answers a strong FAQ match with the FAQ's own answer", async () => {
    const session = await startSession(server, school);
    const answer = await ask(server, session, 'What is the tuition fee?');
    expect(received).toHaveLength(0);
    expect(answer.text).toBe('It is 450 euros a month.');
  });

  const fallbacks: [string, Behaviour][] = [
    ['a 500', (res) => res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}')],
    [
      'a garbage chunk',
      (res) => res.writeHead(200, { 'content-type': 'text/event-stream' }).end('data: {not json\n\n'),
    ],
    [
      'an error chunk',
      (res) =>
        res
          .writeHead(200, { 'content-type': 'text/event-stream' })
          .end('data: {"error":{"message":"overloaded"}}\n\n'),
    ],
    ['a stall after the headers', streams([], 'stall')],
    ['no answer at all', () => undefined],
    ['an empty answer', streams([])],
  ];
  it.each(fallbacks)(
    'falls back to the extractive answer on %s before the first token',
    async (_name, failing) => {
      behaviour = failing;
      const session = await startSession(server, school);
      const started = Date.now();
      const answer = await ask(server, session, 'When does the school bus leave?');
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 5);
      expect(received).toHaveLength(1);
      expect(answer.status).toBe(200);
      expect(eventNames(answer).slice(-2)).toEqual(['sources', 'done']);
      expect(answer.text).toMatch(/^Here is what I found:\n\nThe school bus collects students/);
    },
  );

  it('falls back when the endpoint is unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const offline = await createTestServer({
      env: { LLM_BASE_URL: `http://127.0.0.1:${port}`, LLM_MODEL: 'm', LLM_TIMEOUT_MS: String(TIMEOUT_MS) },
    });
    try {
      const tenant = await createTenant(offline, { kind: 'school' });
      await setKnowledgeBase(offline, tenant, 'The library opens at nine.');
      const answer = await ask(offline, await startSession(offline, tenant), 'When does the library open?');
      expect(answer.text).toBe('Here is what I found:\n\nThe library opens at nine.');
    } finally {
      await offline.close();
    }
  });

  const midway: [string, Behaviour][] = [
    ['stalls', streams(['The bus ', 'leaves'], 'stall')],
    ['sends garbage', streams(['The bus ', 'leaves'], 'garbage')],
  ];
  it.each(midway)(
    'ends with an answer_failed event when the stream %s after it started',
    async (_name, failing) => {
      behaviour = failing;
      const session = await startSession(server, school);
      // The error is in the visitor's language (the request's), whatever the question's.
      const answer = await ask(server, session, 'When does the school bus leave?', { locale: 'es' });
      expect(eventNames(answer)).toEqual(['token', 'token', 'error']);
      expect(answer.events.at(-1)!.data).toEqual({
        code: 'answer_failed',
        message: 'El asistente no pudo responder ahora. Inténtalo de nuevo en un momento.',
      });
      const { body } = await server.call<{ data: Conversation }>(
        `/api/public/conversation/${session.conversation_id}`,
        {
          token: session.token,
        },
      );
      // The question is kept; a half answer is not.
      expect(body.data.messages.map((message) => message.role)).toEqual(['user']);
    },
  );
});

describe('streamCompletion', () => {
  const config = (overrides: Partial<LlmConfig> = {}): LlmConfig => ({
    baseUrl: peerUrl.replace(/\/$/, ''),
    apiKey: null,
    model: 'm',
    timeoutMs: TIMEOUT_MS,
    dailyCallsPerInstitution: 1_000,
    ...overrides,
  });
  const collect = async (llm: LlmConfig, signal?: AbortSignal) => {
    const pieces: string[] = [];
    for await (const piece of streamCompletion(llm, [{ role: 'user', content: 'hi' }], signal))
      pieces.push(piece);
    return pieces;
  };

  it('sends no Authorization header without a key', async () => {
    expect(await collect(config())).toEqual(['The bus ', 'leaves at ', '7:30 [1].']);
    expect(received[0]!.headers.authorization).toBeUndefined();
  });

  it('reads a server that answers one JSON completion instead of a stream', async () => {
    behaviour = (res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'Whole answer.' } }] }));
    expect(await collect(config())).toEqual(['Whole answer.']);
  });

  it('fails with a reason: status, malformed, timeout', async () => {
    const reasonOf = (promise: Promise<unknown>) =>
      promise.then(
        () => 'resolved',
        (error: unknown) => (error instanceof LlmError ? error.reason : String(error)),
      );
    behaviour = (res) => res.writeHead(503).end();
    expect(await reasonOf(collect(config()))).toBe('status');
    behaviour = (res) => res.writeHead(200, { 'content-type': 'text/event-stream' }).end('data: [1, 2\n\n');
    expect(await reasonOf(collect(config()))).toBe('malformed');
    behaviour = streams(['a'], 'stall');
    expect(await reasonOf(collect(config()))).toBe('timeout');
  });

  it('cuts a streamed answer that runs on, and refuses a whole answer too large to read', async () => {
    behaviour = streams(Array.from({ length: 100 }, () => 'x'.repeat(99) + ' '));
    const pieces = await collect(config());
    expect(pieces.join('')).toHaveLength(MAX_ANSWER_CHARS);

    const huge = JSON.stringify({ choices: [{ message: { content: 'y'.repeat(MAX_COMPLETION_BYTES) } }] });
    behaviour = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(huge);
    await expect(collect(config())).rejects.toMatchObject({ reason: 'malformed' });
    // Streamed without a declared length, it is refused all the same.
    behaviour = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(huge.slice(0, 1000));
      res.end(huge.slice(1000));
    };
    const structured = { name: 'reply', jsonSchema: {}, check: v.object({ text: v.string() }) };
    await expect(
      structuredCompletion(config(), [{ role: 'user', content: 'hi' }], structured),
    ).rejects.toMatchObject({ reason: 'malformed', message: 'the answer is too large' });
    behaviour = (res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ choices: [{ message: { content: '{"text":"fine"}' } }] }));
    expect(await structuredCompletion(config(), [{ role: 'user', content: 'hi' }], structured)).toEqual({
      text: 'fine',
    });
  });

  it('stops when the visitor leaves', async () => {
    behaviour = streams(['a'], 'stall');
    const left = new AbortController();
    setTimeout(() => left.abort(), 50);
    await expect(collect(config({ timeoutMs: 10_000 }), left.signal)).rejects.toMatchObject({
      reason: 'aborted',
    });
  });
});

describe('deltaOf', () => {
  it('reads the delta text and tolerates chunks without one', () => {
    expect(deltaOf('{"choices":[{"delta":{"content":"Hi"}}]}')).toBe('Hi');
    expect(deltaOf('{"choices":[{"delta":{"role":"assistant"}}]}')).toBe('');
    expect(deltaOf('{"choices":[],"usage":{"total_tokens":3}}')).toBe('');
  });

  it('refuses what is not a completion chunk', () => {
    for (const data of ['nope', '42', 'null', '{"choices":{}}', '{"choices":[{"delta":{"content":7}}]}']) {
      expect(() => deltaOf(data), data).toThrow(LlmError);
    }
  });
});
