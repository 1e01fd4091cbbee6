/**
 * A local OpenAI-compatible embeddings peer for tests and benchmarks: a real HTTP server on
 * 127.0.0.1 answering `POST …/embeddings` (`{model, input}` → `{data: [{index, embedding}]}`), as
 * OpenAI, Ollama, llama.cpp and text-embeddings-inference do.
 *
 * No model's weights can be had here, so its vectors are made the way fastText handles words it
 * never saw: every word (NFKC, lower case, accents off) is cut into its character 3- to 5-grams,
 * each hashed to one of `dimensions` components with a sign, and the sum is scaled to length one.
 * Texts sharing words or their stems ("matrícula", "matricularse") get close vectors, so ranking
 * by cosine finds a reworded question's passage; it knows nothing of other languages. The model
 * name seeds the hashes: another model gives other vectors (and, through `dimensionsOf`, maybe
 * another length).
 *
 * It records every request (`requests`), and can be told to fail (`fail`: answered 500) or to be
 * slow (`delayMs`).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the peer got. */
export interface EmbeddingsRequest {
  model: string;
  input: string[];
  /** What the peer did: answered, or failed on purpose. */
  outcome: 'answered' | 'failed';
  /** When it arrived (`performance.now()` of the peer's process). */
  at: number;
  /** The peer's own time on it, from its arrival to the answer written (`delayMs` included); 0 until answered. */
  ms: number;
}

export interface EmbeddingsPeer {
  /** The base URL for EMBEDDINGS_BASE_URL. */
  url: string;
  /** Every request so far, oldest first. */
  requests: EmbeddingsRequest[];
  /**
   * True while every request is answered 500; a number: that many requests fail, then it
   * recovers; a function: the requests whose texts it says fail.
   */
  fail: PeerFailure;
  /** Milliseconds the peer waits before answering. */
  delayMs: number;
  close(): Promise<void>;
}

/** Which requests the peer fails (see `EmbeddingsPeer.fail`). */
export type PeerFailure = boolean | number | ((input: string[]) => boolean);

/** The peer's default vector length. */
export const PEER_DIMENSIONS = 256;

/** FNV-1a, 32 bits. */
function hash(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The words of a text as the peer reads them: NFKC, lower case, accents off. */
export function peerWords(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** The peer's vector of a text: hashed character 3- to 5-grams of its words, length one. */
export function peerEmbedding(text: string, model: string, dimensions = PEER_DIMENSIONS): number[] {
  const seed = hash(model, 0);
  const vector = new Float64Array(dimensions);
  for (const word of peerWords(text)) {
    const marked = `<${word}>`;
    const grams = [marked];
    for (let n = 3; n <= 5; n += 1) {
      for (let i = 0; i + n <= marked.length; i += 1) grams.push(marked.slice(i, i + n));
    }
    // Each word weighs the same, whatever its length.
    const weight = 1 / Math.sqrt(grams.length);
    for (const gram of grams) {
      const h = hash(gram, seed);
      vector[h % dimensions]! += (h & 0x80000000 ? -1 : 1) * weight;
    }
  }
  let norm = 0;
  for (const value of vector) norm += value * value;
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  return Array.from(vector, (value) => value * scale);
}

export async function startEmbeddingsPeer(
  options: { dimensionsOf?: (model: string) => number } = {},
): Promise<EmbeddingsPeer> {
  const requests: EmbeddingsRequest[] = [];
  const state = { fail: false as PeerFailure, delayMs: 0 };
  const server = createServer((req, res) => {
    const at = performance.now();
    let recorded: EmbeddingsRequest | undefined;
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (data: string) => (raw += data));
    req.on('end', () => {
      // The request is recorded as it arrives; the answer waits `delayMs`.
      const send = (status: number, body: unknown) => {
        const write = () => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
          if (recorded) recorded.ms = performance.now() - at;
        };
        if (state.delayMs > 0) setTimeout(write, state.delayMs);
        else write();
      };
      let body: { model?: unknown; input?: unknown } | undefined;
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        body = undefined;
      }
      const model = typeof body?.model === 'string' ? body.model : '';
      const input = typeof body?.input === 'string' ? [body.input] : body?.input;
      if (
        req.method !== 'POST' ||
        !req.url?.endsWith('/embeddings') ||
        model === '' ||
        !Array.isArray(input) ||
        !input.every((text) => typeof text === 'string')
      ) {
        send(400, { error: { message: 'not an embeddings request' } });
        return;
      }
      const texts = input as string[];
      const failing =
        typeof state.fail === 'function'
          ? state.fail(texts)
          : state.fail === true || (typeof state.fail === 'number' && state.fail > 0);
      recorded = { model, input: texts, outcome: failing ? 'failed' : 'answered', at, ms: 0 };
      requests.push(recorded);
      if (failing) {
        if (typeof state.fail === 'number') state.fail -= 1;
        send(500, { error: { message: 'the embeddings model is down' } });
        return;
      }
      const dimensions = options.dimensionsOf?.(model) ?? PEER_DIMENSIONS;
      send(200, {
        object: 'list',
        model,
        data: texts.map((text, index) => ({
          object: 'embedding',
          index,
          embedding: peerEmbedding(text, model, dimensions),
        })),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    get fail() {
      return state.fail;
    },
    set fail(value) {
      state.fail = value;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value) {
      state.delayMs = value;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
