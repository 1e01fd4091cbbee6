/**
 * One structured completion (`response_format: json_schema`, strict) from the OpenAI-compatible
 * endpoint, its JSON checked with valibot: the overview of a conversation and a seller's free-text
 * entry both ask the model this way. Throws LlmError (`timeout`, `status`, `network`, `malformed`).
 */
import * as v from 'valibot';
import type { LlmConfig } from '../config';
import { BodyTooLargeError, readBounded } from '../http/read-bounded';
import { postOpenAi } from './openai-post';
import { LlmError, type LlmMessage, MAX_COMPLETION_BYTES } from './llm';

const CompletionSchema = v.object({
  choices: v.pipe(
    v.array(v.object({ message: v.object({ content: v.nullable(v.string()) }) })),
    v.minLength(1),
  ),
});

/** What the model must answer: a JSON schema (sent) and the valibot schema that checks it (kept). */
export interface Structured<T> {
  name: string;
  jsonSchema: Record<string, unknown>;
  check: v.GenericSchema<unknown, T>;
}

/** Maps a fetch failure to an LlmError: the timeout, or the network. */
function failure(error: unknown): LlmError {
  if (error instanceof LlmError) return error;
  if (error instanceof Error && error.name === 'TimeoutError')
    return new LlmError('timeout', 'no answer in time');
  return new LlmError('network', error instanceof Error ? error.message : 'request failed');
}

/** Models that ignore `response_format` may still fence their JSON in a code block. */
export const unfence = (text: string) =>
  text
    .trim()
    .replace(/^```(?:json)?\s*/u, '')
    .replace(/\s*```$/u, '');

/** Asks once; resolves to the checked answer. */
export async function structuredCompletion<T>(
  config: LlmConfig,
  messages: LlmMessage[],
  structured: Structured<T>,
): Promise<T> {
  let body: unknown;
  try {
    const response = await postOpenAi(
      config,
      '/chat/completions',
      {
        model: config.model,
        messages,
        stream: false,
        temperature: 0.2,
        response_format: {
          type: 'json_schema',
          json_schema: { name: structured.name, strict: true, schema: structured.jsonSchema },
        },
      },
      // Bounds the body too: a peer that sends headers and then stalls times out.
      { signal: AbortSignal.timeout(config.timeoutMs) },
    );
    if (typeof response === 'number') throw new LlmError('status', `the endpoint answered ${response}`);
    body = JSON.parse(await readBounded(response, MAX_COMPLETION_BYTES));
  } catch (error) {
    if (error instanceof SyntaxError) throw new LlmError('malformed', 'the answer is not JSON');
    if (error instanceof BodyTooLargeError) throw new LlmError('malformed', 'the answer is too large');
    throw failure(error);
  }
  const completion = v.safeParse(CompletionSchema, body);
  if (!completion.success) throw new LlmError('malformed', 'the answer is not a completion');
  let content: unknown;
  try {
    content = JSON.parse(unfence(completion.output.choices[0]!.message.content ?? ''));
  } catch {
    throw new LlmError('malformed', `the ${structured.name} is not JSON`);
  }
  const checked = v.safeParse(structured.check, content);
  if (!checked.success)
    throw new LlmError('malformed', `the ${structured.name} does not fit: ${v.summarize(checked.issues)}`);
  return checked.output;
}
