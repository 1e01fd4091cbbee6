/**
 * A local OpenAI-compatible test peer standing in for the model of generative answers: a real HTTP
 * server on 127.0.0.1 answering `POST …/chat/completions` with streamed server-sent events, as the
 * hosted APIs do. It records what each grounded question was given (the passages, read back from the
 * prompt) and answers with the first sentence of the first passage, citing it. The answer-quality
 * protocol runs against it to check that the model gets the right passages, and is never called when
 * the assistant abstains. Given `structured`, it also answers structured completions
 * (`response_format: json_schema`, not streamed) with what that function makes of the messages, as a
 * model reading a seller's free text would. Given `down`, it fails (500) while that says so.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LlmMessage } from '../llm/llm';
import { readGroundedPrompt } from '../knowledge/answer/prompt';

/** One grounded question the model was asked. */
export interface LlmPeerCall {
  question: string;
  passages: string[];
  /** When the request arrived (`performance.now()` of the peer's process). */
  at: number;
}

/** One structured completion the model was asked for. */
export interface StructuredCall {
  /** The JSON schema's name. */
  name: string;
  messages: LlmMessage[];
}

export interface LlmPeer {
  /** The base URL for LLM_BASE_URL. */
  url: string;
  /** Every grounded question asked so far, oldest first. */
  calls: LlmPeerCall[];
  /** Every structured completion asked for so far, oldest first. */
  structuredCalls: StructuredCall[];
  /** Requests answered 500 while `down` said so. */
  readonly failures: number;
  close(): Promise<void>;
}

const chunk = (content: string) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;

/** The peer's answer: the first passage's first sentence, cited. */
function answerOf(call: LlmPeerCall): string {
  const first = call.passages[0]?.trim() ?? '';
  const sentence = /^[\s\S]*?[.!?](?=\s|$)/.exec(first)?.[0] ?? first;
  return `${sentence} [1]`;
}

interface CompletionRequest {
  messages?: LlmMessage[];
  response_format?: { type?: string; json_schema?: { name?: string } };
}

export async function startLlmPeer(
  options: {
    structured?: (call: StructuredCall) => unknown;
    /** True while the model is down: every request is counted in `failures` and answered 500. */
    down?: () => boolean;
  } = {},
): Promise<LlmPeer> {
  const calls: LlmPeerCall[] = [];
  const structuredCalls: StructuredCall[] = [];
  const peer = { failures: 0 };
  const server = createServer((req, res) => {
    const at = performance.now();
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (data: string) => (raw += data));
    req.on('end', () => {
      let request: CompletionRequest | undefined;
      try {
        request = JSON.parse(raw) as CompletionRequest;
      } catch {
        request = undefined;
      }
      if (options.down?.()) {
        peer.failures += 1;
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'the model is down' } }));
        return;
      }
      const messages = request?.messages;
      const schema = request?.response_format?.json_schema?.name;
      if (options.structured && messages && schema !== undefined) {
        const structuredCall = { name: schema, messages };
        structuredCalls.push(structuredCall);
        const content = JSON.stringify(options.structured(structuredCall));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }] }));
        return;
      }
      const grounded =
        req.method === 'POST' && req.url?.endsWith('/chat/completions') && messages
          ? readGroundedPrompt(messages)
          : null;
      const call = grounded && { ...grounded, at };
      if (!call) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'not a grounded chat completion' } }));
        return;
      }
      calls.push(call);
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const words = answerOf(call).match(/\s*\S+/g) ?? [];
      for (let i = 0; i < words.length; i += 4) res.write(chunk(words.slice(i, i + 4).join('')));
      res.end('data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    calls,
    structuredCalls,
    get failures() {
      return peer.failures;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
