/**
 * A streaming client of any OpenAI-compatible chat completions endpoint (docs/architecture.md#knowledge-and-answers):
 * `POST {base}/chat/completions` with `stream: true`, whose server-sent events
 * (`data: {"choices":[{"delta":{"content":"…"}}]}` … `data: [DONE]`) are parsed by
 * eventsource-parser and yielded as text pieces. It never hangs: the answer must start, and each
 * piece follow the last, within the timeout, and the whole answer within a few timeouts.
 */
import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { LlmConfig } from '../config';
import { BodyTooLargeError, readBounded } from '../http/read-bounded';
import { type OpenAiResponse, postOpenAi } from './openai-post';

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Why a completion failed: the caller falls back or reports `answer_failed`. */
export type LlmFailure = 'timeout' | 'status' | 'malformed' | 'network' | 'aborted';

export class LlmError extends Error {
  constructor(
    readonly reason: LlmFailure,
    message: string,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

/** The whole answer may take this many timeouts at most (a peer trickling bytes forever). */
const TOTAL_TIMEOUTS = 6;
/** An answer read whole (a JSON completion) is refused past this size. */
export const MAX_COMPLETION_BYTES = 1024 * 1024;
/**
 * A streamed answer is cut here: a chat answer is a few sentences (the prompt asks for them), and a
 * model that runs on must not fill the transcript.
 */
export const MAX_ANSWER_CHARS = 8_000;

/** The text of one streamed chunk; throws `malformed` on anything that is not a completion chunk. */
export function deltaOf(data: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw new LlmError('malformed', 'a chunk is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null)
    throw new LlmError('malformed', 'a chunk is not an object');
  if ('error' in parsed) throw new LlmError('status', 'the stream reported an error');
  const choices = (parsed as { choices?: unknown }).choices;
  if (choices === undefined) return '';
  if (!Array.isArray(choices)) throw new LlmError('malformed', 'choices is not a list');
  const first = choices[0] as { delta?: { content?: unknown }; message?: { content?: unknown } } | undefined;
  const content = first?.delta?.content ?? first?.message?.content;
  if (content === undefined || content === null) return '';
  if (typeof content !== 'string') throw new LlmError('malformed', 'content is not text');
  return content;
}

/** Maps a fetch or stream failure to an LlmError, preferring the reason we aborted with. */
function failure(error: unknown, signal: AbortSignal): LlmError {
  if (signal.aborted && signal.reason instanceof LlmError) return signal.reason;
  if (error instanceof LlmError) return error;
  return new LlmError('network', error instanceof Error ? error.message : 'request failed');
}

/**
 * Streams a completion's text pieces. Throws LlmError on a timeout, a non-2xx answer, a malformed
 * chunk or a network failure; `signal` (the visitor left) stops it early.
 */
export async function* streamCompletion(
  config: LlmConfig,
  messages: LlmMessage[],
  signal?: AbortSignal,
): AsyncGenerator<string, void, undefined> {
  const controller = new AbortController();
  const stop = (reason: LlmError) => controller.abort(reason);
  const onAbort = () => stop(new LlmError('aborted', 'the visitor left'));
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort, { once: true });
  let idle: NodeJS.Timeout | undefined;
  // Armed again on every piece: the wait for the first byte and each gap after it are bounded.
  const arm = () => {
    clearTimeout(idle);
    idle = setTimeout(() => stop(new LlmError('timeout', 'no answer in time')), config.timeoutMs);
  };
  const total = setTimeout(
    () => stop(new LlmError('timeout', 'the answer took too long')),
    config.timeoutMs * TOTAL_TIMEOUTS,
  );

  try {
    arm();
    let response: OpenAiResponse | number;
    try {
      response = await postOpenAi(
        config,
        '/chat/completions',
        { model: config.model, messages, stream: true, temperature: 0.2 },
        { signal: controller.signal, accept: 'text/event-stream' },
      );
    } catch (error) {
      throw failure(error, controller.signal);
    }
    if (typeof response === 'number') throw new LlmError('status', `the endpoint answered ${response}`);
    arm();

    // Some servers ignore `stream: true` and answer one JSON completion.
    if ((response.headers.get('content-type') ?? '').includes('application/json')) {
      let body: string;
      try {
        body = await readBounded(response, MAX_COMPLETION_BYTES);
      } catch (error) {
        if (error instanceof BodyTooLargeError) throw new LlmError('malformed', 'the answer is too large');
        throw failure(error, controller.signal);
      }
      const content = deltaOf(body);
      if (content) yield content.slice(0, MAX_ANSWER_CHARS);
      return;
    }

    const reader = response.body
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream())
      .getReader();
    let room = MAX_ANSWER_CHARS;
    try {
      for (;;) {
        const next = await reader.read().catch((error: unknown) => {
          throw failure(error, controller.signal);
        });
        // A stream that ends without [DONE] keeps what it said.
        if (next.done) return;
        arm();
        const data = next.value.data.trim();
        if (data === '[DONE]') return;
        const content = deltaOf(data);
        if (content) {
          yield content.slice(0, room);
          room -= content.length;
          // Long enough: the rest is not read.
          if (room <= 0) return;
        }
      }
    } finally {
      reader.cancel().catch(() => undefined);
    }
  } finally {
    clearTimeout(idle);
    clearTimeout(total);
    signal?.removeEventListener('abort', onAbort);
    // Ends the request if the caller stopped early or anything failed.
    controller.abort();
  }
}
