/**
 * A client of any OpenAI-compatible embeddings endpoint (docs/architecture.md#knowledge-and-answers,
 * "Semantic retrieval"): `POST {base}/embeddings` with `{model, input: string[]}`, answered
 * `{data: [{index, embedding: number[]}]}` (OpenAI, Ollama's `/v1`, llama.cpp's `llama-server
 * --embeddings`, vLLM, text-embeddings-inference). Every request is bounded: at most EMBED_BATCH
 * texts of MAX_INPUT_CHARS, an answer of MAX_RESPONSE_BYTES, and a timeout.
 */
import type { EmbeddingsConfig } from '../../config';
import { BodyTooLargeError, readBounded } from '../../http/read-bounded';
import { postOpenAi } from '../../llm/openai-post';

/** Texts per request: large enough to amortise the round trip, small enough for a CPU server. */
export const EMBED_BATCH = 64;
/** A text longer than this is cut: passages are far shorter, and models read ~512 tokens anyway. */
export const MAX_INPUT_CHARS = 8_000;
/** The longest vector accepted (the largest common models have 4,096 dimensions). */
export const MAX_DIMENSIONS = 4_096;
/** An answer of EMBED_BATCH vectors of MAX_DIMENSIONS floats written as JSON fits in this. */
const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
/** A batch of passages may take this long (a CPU server embedding 64 passages); a question has the config's timeout. */
export const BATCH_TIMEOUT_MS = 120_000;

/** Why an embeddings request failed. */
export type EmbeddingsFailure = 'timeout' | 'status' | 'malformed' | 'network' | 'aborted';

export class EmbeddingsError extends Error {
  constructor(
    readonly reason: EmbeddingsFailure,
    message: string,
  ) {
    super(message);
    this.name = 'EmbeddingsError';
  }
}

/** True when `error` is an EmbeddingsError. */
export const isEmbeddingsError = (error: unknown): error is EmbeddingsError =>
  error instanceof EmbeddingsError;

export interface EmbedOptions {
  /** What the texts are: questions and passages may take different prefixes (e5's `query: `). */
  kind: 'query' | 'passage';
  timeoutMs: number;
  signal?: AbortSignal;
}

/** The vectors of an answer, in the order of the inputs; throws `malformed` on anything else. */
export function vectorsOf(body: unknown, count: number): Float32Array[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data) || data.length !== count)
    throw new EmbeddingsError('malformed', `expected ${count} embeddings`);
  const out: Float32Array[] = new Array<Float32Array>(count);
  let dims = -1;
  for (const [position, item] of data.entries()) {
    const { index, embedding } = (item ?? {}) as { index?: unknown; embedding?: unknown };
    // `index` says which input a vector is for; servers that leave it out answer in order.
    const at = index === undefined ? position : index;
    if (typeof at !== 'number' || !Number.isInteger(at) || at < 0 || at >= count || out[at])
      throw new EmbeddingsError('malformed', 'an embedding has a bad index');
    if (!Array.isArray(embedding) || embedding.length === 0 || embedding.length > MAX_DIMENSIONS)
      throw new EmbeddingsError('malformed', 'an embedding is not a list of numbers');
    if (dims === -1) dims = embedding.length;
    if (embedding.length !== dims) throw new EmbeddingsError('malformed', 'embeddings differ in length');
    const vector = new Float32Array(embedding.length);
    for (let i = 0; i < embedding.length; i += 1) {
      const value = embedding[i] as unknown;
      if (typeof value !== 'number' || !Number.isFinite(value))
        throw new EmbeddingsError('malformed', 'an embedding holds something else than numbers');
      vector[i] = value;
    }
    out[at] = vector;
  }
  return out;
}

/** One request: at most EMBED_BATCH texts. */
async function request(config: EmbeddingsConfig, texts: string[], options: EmbedOptions) {
  const prefix = options.kind === 'query' ? config.queryPrefix : config.passagePrefix;
  const input = texts.map((text) => `${prefix}${text.slice(0, MAX_INPUT_CHARS)}`);
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  try {
    const response = await postOpenAi(
      config,
      '/embeddings',
      { model: config.model, input, ...(config.dimensions ? { dimensions: config.dimensions } : {}) },
      { signal },
    );
    if (typeof response === 'number')
      throw new EmbeddingsError('status', `the embeddings endpoint answered ${response}`);
    const text = await readBounded(response, MAX_RESPONSE_BYTES);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new EmbeddingsError('malformed', 'the answer is not JSON');
    }
    return vectorsOf(body, texts.length);
  } catch (error) {
    if (error instanceof EmbeddingsError) throw error;
    if (error instanceof BodyTooLargeError) throw new EmbeddingsError('malformed', 'the answer is too large');
    if (timeout.aborted) throw new EmbeddingsError('timeout', `no answer within ${options.timeoutMs} ms`);
    if (options.signal?.aborted) throw new EmbeddingsError('aborted', 'the request was cancelled');
    throw new EmbeddingsError('network', error instanceof Error ? error.message : 'request failed');
  }
}

/**
 * The vectors of `texts`, in order, EMBED_BATCH texts a request (one after the other: a local
 * server embeds one batch at a time anyway). Throws EmbeddingsError.
 */
export async function embed(
  config: EmbeddingsConfig,
  texts: string[],
  options: EmbedOptions,
): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  for (let start = 0; start < texts.length; start += EMBED_BATCH) {
    out.push(...(await request(config, texts.slice(start, start + EMBED_BATCH), options)));
  }
  return out;
}

/**
 * What the stored vectors are tagged with: the model and what changes its vectors (a shortened
 * length, a passage prefix). Vectors of another key are made again.
 */
export function modelKey(config: EmbeddingsConfig): string {
  const dims = config.dimensions ? `@${config.dimensions}` : '';
  const prefix = config.passagePrefix ? ` passage=${JSON.stringify(config.passagePrefix)}` : '';
  return `${config.model}${dims}${prefix}`;
}
