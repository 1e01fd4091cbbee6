import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixturePath } from '../../testing/fixtures-dir';
import { GRAPH_API_VERSION, GraphSendError, GraphUnreachableError, ownsNumber, sendText } from './graph';

/** Fixture 05: the documented request and Meta's answer. */
const documented = JSON.parse(
  readFileSync(fixturePath('whatsapp', '05_send_text_request_response.json'), 'utf8'),
) as {
  request: { body: Record<string, unknown> };
  success_response: { messages: { id: string }[] };
};

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

let peer: Server;
let graphUrl: string;
const seen: Seen[] = [];
/** The next answers of the peer: status and body. */
let answers: { status: number; body: unknown }[] = [];

beforeAll(async () => {
  // A local peer that records each request and answers like Meta.
  peer = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: raw ? JSON.parse(raw) : null,
      });
      const answer = answers.shift() ?? { status: 200, body: documented.success_response };
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  graphUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => peer.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
  answers = [];
});

const channel = () => ({ graphUrl, phoneNumberId: '106540352242922', accessToken: 'token-1' });

describe('replies through the Graph API', () => {
  it("sends the documented request and resolves to Meta's message id (fixture 05)", async () => {
    const id = await sendText(channel(), '+16505551234', 'Hello there');
    expect(id).toBe(documented.success_response.messages[0]!.id);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: `/${GRAPH_API_VERSION}/106540352242922/messages`,
      headers: { authorization: 'Bearer token-1', 'content-type': 'application/json' },
    });
    // The documented body, with our number and text in its placeholders.
    expect(seen[0]!.body).toEqual({
      ...documented.request.body,
      to: '16505551234',
      text: { preview_url: false, body: 'Hello there' },
    });
  });

  it('says which refusals may pass later', async () => {
    const cases: [number, unknown, boolean][] = [
      [429, { error: { message: 'Too many', code: 130429 } }, true],
      [500, { error: { message: 'Internal' } }, true],
      [400, { error: { message: 'Rate limit hit', code: 80007 } }, true],
      [401, { error: { message: 'Invalid OAuth access token', code: 190 } }, false],
      [400, { error: { message: 'Recipient not on WhatsApp', code: 131026 } }, false],
      [200, { messages: [] }, true],
    ];
    for (const [status, body, retryable] of cases) {
      answers = [{ status, body }];
      const error = await sendText(channel(), '+16505551234', 'x').catch((thrown: unknown) => thrown);
      expect(error, JSON.stringify(body)).toBeInstanceOf(GraphSendError);
      expect((error as GraphSendError).retryable, JSON.stringify(body)).toBe(retryable);
    }
  });

  it('counts a peer that cannot be reached as worth retrying', async () => {
    const error = await sendText({ ...channel(), graphUrl: 'http://127.0.0.1:9' }, '+1', 'x').catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toMatchObject({ name: 'GraphSendError', retryable: true, status: null });
  });
});

describe('ownsNumber', () => {
  it("asks for the number with the token and is true only when Meta answers that number's id", async () => {
    answers = [
      {
        status: 200,
        body: { verified_name: 'Acme', display_phone_number: '+1 555-078-3881', id: '106540352242922' },
      },
      { status: 200, body: { id: '999' } },
      { status: 400, body: { error: { message: 'Unsupported get request.', code: 100, error_subcode: 33 } } },
      { status: 401, body: { error: { message: 'Invalid OAuth access token', code: 190 } } },
    ];
    expect(await ownsNumber(graphUrl, '106540352242922', 'EAAG-token')).toBe(true);
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: `/${GRAPH_API_VERSION}/106540352242922?fields=id,display_phone_number,verified_name`,
      headers: { authorization: 'Bearer EAAG-token' },
    });
    for (let n = 0; n < 3; n += 1)
      expect(await ownsNumber(graphUrl, '106540352242922', 'EAAG-token')).toBe(false);
  });

  it('throws GraphUnreachableError when Meta fails or cannot be reached (nothing is known)', async () => {
    answers = [
      { status: 500, body: { error: { message: 'An unknown error occurred', code: 1 } } },
      { status: 429, body: { error: { message: 'Too many calls', code: 4 } } },
    ];
    await expect(ownsNumber(graphUrl, '106540352242922', 'EAAG-token')).rejects.toBeInstanceOf(
      GraphUnreachableError,
    );
    await expect(ownsNumber(graphUrl, '106540352242922', 'EAAG-token')).rejects.toBeInstanceOf(
      GraphUnreachableError,
    );
    await expect(ownsNumber('http://127.0.0.1:9', '106540352242922', 'EAAG-token')).rejects.toBeInstanceOf(
      GraphUnreachableError,
    );
  });
});
