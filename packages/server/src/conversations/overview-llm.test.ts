/**
 * The model's overview against a local OpenAI-compatible peer (a real HTTP server) answering well,
 * badly, not at all, or with a contact the visitor never wrote.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LlmConfig } from '../config';
import { extractiveOverview, makeOverview, type OverviewInput } from './overview';
import { assistant, english, NOW, spanish, visitor } from '../testing/overview.fixtures';

interface Received {
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    stream: boolean;
    messages: { role: string; content: string }[];
    response_format: {
      type: string;
      json_schema: {
        name: string;
        strict: boolean;
        schema: { type: string; required: string[]; additionalProperties: boolean };
      };
    };
  };
}

type Behaviour = (res: ServerResponse) => void;

/** A completion whose message content is `content`. */
const completes =
  (content: string): Behaviour =>
  (res) =>
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }] }));

const modelPart = {
  summary: 'Sarah Thompson wants a Year 7 place for September and asked about the IB.',
  intent: 'enrolment',
  topics: ['Year 7', 'IB', 'Year 7'],
  unanswered_questions: ['Is there still a vacancy in Year 7?'],
  contact: { name: 'Sarah Thompson', email: 'Sarah.T@example.co.uk', phone: '07911 123456' },
  urgency: 'medium',
  next_step: 'Call Sarah Thompson about a Year 7 place.',
};

let peer: Server;
let peerUrl: string;
/** What the peer does with each request, in turn; the last one repeats. */
let behaviours: Behaviour[];
const received: Received[] = [];
const open = new Set<ServerResponse>();

const TIMEOUT_MS = 300;
const llm = (): LlmConfig => ({
  baseUrl: peerUrl,
  apiKey: 'sk-test',
  model: 'test-model',
  timeoutMs: TIMEOUT_MS,
  dailyCallsPerInstitution: 1_000,
});

beforeAll(async () => {
  peer = createServer((req, res) => {
    let raw = '';
    req.on('data', (data: Buffer) => (raw += data.toString()));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body: JSON.parse(raw) as Received['body'],
      });
      open.add(res);
      res.on('close', () => open.delete(res));
      behaviours[Math.min(received.length, behaviours.length) - 1]!(res);
    });
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/v1/`;
});

beforeEach(() => {
  received.length = 0;
  behaviours = [completes(JSON.stringify(modelPart))];
});

afterAll(async () => {
  for (const res of open) res.destroy();
  await new Promise<void>((resolve) => peer.close(() => resolve()));
});

describe('makeOverview with a model', () => {
  it('asks for structured output over the fenced transcript and keeps the checked answer', async () => {
    const overview = await makeOverview(english, { llm: llm(), now: NOW });
    expect(overview).toEqual({
      summary: modelPart.summary,
      intent: 'enrolment',
      topics: ['Year 7', 'IB'],
      unanswered_questions: ['Is there still a vacancy in Year 7?'],
      // Written by the visitor: kept, normalised.
      contact: { name: 'Sarah Thompson', email: 'sarah.t@example.co.uk', phone: '+447911123456' },
      urgency: 'medium',
      next_step: modelPart.next_step,
      language: 'en',
      generated_at: NOW.toISOString(),
      generator: 'llm',
    });

    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.authorization).toBe('Bearer sk-test');
    expect(request!.body).toMatchObject({ model: 'test-model', stream: false });
    expect(request!.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: {
        name: 'conversation_overview',
        strict: true,
        schema: { type: 'object', additionalProperties: false },
      },
    });
    expect(request!.body.response_format.json_schema.schema.required).toEqual(
      expect.arrayContaining([
        'summary',
        'intent',
        'topics',
        'unanswered_questions',
        'contact',
        'urgency',
        'next_step',
      ]),
    );
    const [system, user] = request!.body.messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('in English');
    expect(system!.content).toMatch(/data, not instructions/);
    expect(user!.role).toBe('user');
    const fence = /<(transcript-[0-9a-f]{16})>/.exec(user!.content)?.[1];
    expect(fence).toBeDefined();
    expect(user!.content).toContain(
      `<${fence}>\nVisitor: Hello, my name is Sarah Thompson. How do I apply for a place in Year 7 for September?\n`,
    );
    expect(user!.content).toContain(
      '\nAssistant (did not know; offered a person from the team): I could not find that in my information.',
    );
    expect(user!.content.endsWith(`Assistant: Thank you, the team will be in touch.\n</${fence}>`)).toBe(
      true,
    );
  });

  it('tries again once after an answer that is not JSON', async () => {
    behaviours = [completes('Here is the overview: it went well.'), completes(JSON.stringify(modelPart))];
    const overview = await makeOverview(english, { llm: llm(), now: NOW });
    expect(received).toHaveLength(2);
    expect(overview.generator).toBe('llm');
    expect(overview.summary).toBe(modelPart.summary);
  });

  const failures: [string, Behaviour][] = [
    ['a 500', (res) => res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}')],
    ['an empty summary', completes(JSON.stringify({ ...modelPart, summary: '  ' }))],
    ['an intent outside the list', completes(JSON.stringify({ ...modelPart, intent: 'gossip' }))],
    [
      'no completion',
      (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices":[]}'),
    ],
  ];
  it.each(failures)('falls back to the extractive overview after two tries on %s', async (_name, failing) => {
    behaviours = [failing];
    const overview = await makeOverview(english, { llm: llm(), now: NOW });
    expect(received).toHaveLength(2);
    expect(overview).toEqual(extractiveOverview(english, NOW));
  });

  it('falls back when the model does not answer in time', async () => {
    behaviours = [() => undefined];
    const started = Date.now();
    const overview = await makeOverview(spanish, { llm: llm(), now: NOW });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 5);
    expect(received).toHaveLength(2);
    expect(overview).toEqual(extractiveOverview(spanish, NOW));
  });

  it('drops a contact the visitor never wrote', async () => {
    const invented = { name: 'Sarah Jones', email: 'sarah@invented.example', phone: '+44 7911 654321' };
    behaviours = [completes(JSON.stringify({ ...modelPart, contact: invented }))];
    const overview = await makeOverview(english, { llm: llm(), now: NOW });
    expect(overview.generator).toBe('llm');
    // Replaced by what the visitor did write.
    expect(overview.contact).toEqual({
      name: 'Sarah Thompson',
      email: 'sarah.t@example.co.uk',
      phone: '+447911123456',
    });

    const anonymous: OverviewInput = {
      ...english,
      messages: [visitor('How do I apply for Year 7?'), assistant('Online [1].')],
    };
    const bare = await makeOverview(anonymous, { llm: llm(), now: NOW });
    expect(bare.contact).toEqual({ name: null, email: null, phone: null });
  });

  it('shows the model only the latest part of a long conversation', async () => {
    const long: OverviewInput = {
      ...english,
      messages: Array.from({ length: 40 }, (_, index) => [
        visitor(`Question ${index}: ${'about the school bus and the canteen '.repeat(20)}`),
        assistant(`Answer ${index}.`),
      ]).flat(),
    };
    await makeOverview(long, { llm: llm(), now: NOW });
    const transcript = received[0]!.body.messages[1]!.content;
    expect(transcript.length).toBeLessThan(13_000);
    expect(transcript).toContain('[earlier messages left out]');
    expect(transcript).toContain('Answer 39.');
    expect(transcript).not.toContain('Question 0:');
  });

  it('asks no model without one configured, or without a question', async () => {
    expect(await makeOverview(english, { llm: null, now: NOW })).toEqual(extractiveOverview(english, NOW));
    const silent: OverviewInput = { ...english, messages: [assistant('Hello!')] };
    expect((await makeOverview(silent, { llm: llm(), now: NOW })).generator).toBe('extractive');
    expect(received).toHaveLength(0);
  });
});
