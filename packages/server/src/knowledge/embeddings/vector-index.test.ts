/**
 * The in-process vector index and the embeddings client's reading of answers, without a database:
 * int8 vectors rank as their float32 originals do, the sign-bit pass of a large index keeps the
 * best passage, vectors of another length are left out, and malformed answers are refused.
 */
import { describe, expect, it } from 'vitest';
import { peerEmbedding } from '../../testing/embeddings-peer';
import { EmbeddingsError, vectorsOf } from './embeddings-client';
import { buildIndex, EXACT_SCAN_WORK, quantize, searchIndex } from './vector-index';

const vector = (text: string, dims = 256) => Float32Array.from(peerEmbedding(text, 'unit', dims));
const stored = (texts: string[], dims = 256) =>
  texts.map((text, id) => ({
    kind: 'chunk' as const,
    id,
    vector: new Uint8Array(quantize(vector(text, dims)).buffer),
  }));

describe('vector index', () => {
  const texts = [
    'Enrolment opens in March for the next school year.',
    'The school bus leaves the town square at 7:30.',
    'Lunch is served in the dining hall at one o’clock.',
  ];

  it('ranks by cosine, best first, with scores close to the float32 ones', () => {
    const index = buildIndex(stored(texts));
    expect(index.bits).toBeNull();
    const query = vector('When does enrolment open?');
    const hits = searchIndex(index, query, 3);
    expect(hits.map((hit) => hit.id)[0]).toBe(0);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
    const exact = texts.map((text) => {
      const passage = vector(text);
      const unit = Math.hypot(...query);
      return passage.reduce((sum, value, i) => sum + value * query[i]!, 0) / unit;
    });
    for (const hit of hits) expect(hit.score).toBeCloseTo(exact[hit.id]!, 1);
  });

  it('keeps the best passage when a large index is first scored on sign bits', () => {
    const filler = Array.from(
      { length: Math.ceil(EXACT_SCAN_WORK / 256) + 10 },
      (_, i) => `filler text number ${i} about nothing much`,
    );
    const index = buildIndex(stored([...filler, ...texts]));
    expect(index.bits).not.toBeNull();
    const [best] = searchIndex(index, vector('When does enrolment open?'), 5);
    expect(best!.id).toBe(filler.length);
  });

  it('leaves out vectors of another length, and answers nothing for a query of another length', () => {
    const index = buildIndex([...stored(texts), ...stored(['another model’s vector'], 128)]);
    expect(index.count).toBe(3);
    expect(searchIndex(index, vector('enrolment', 128), 3)).toEqual([]);
  });
});

describe('embeddings answers', () => {
  it('reads vectors in the order of their index', () => {
    const [first, second] = vectorsOf(
      {
        data: [
          { index: 1, embedding: [0, 1] },
          { index: 0, embedding: [1, 0] },
        ],
      },
      2,
    );
    expect(Array.from(first!)).toEqual([1, 0]);
    expect(Array.from(second!)).toEqual([0, 1]);
  });

  it.each([
    ['no data', {}],
    ['too few', { data: [{ embedding: [1] }] }],
    ['a string', { data: [{ embedding: 'abc' }, { embedding: [1] }] }],
    ['different lengths', { data: [{ embedding: [1, 2] }, { embedding: [1] }] }],
    ['not a number', { data: [{ embedding: [1, null] }, { embedding: [1, 2] }] }],
    [
      'an index twice',
      {
        data: [
          { index: 0, embedding: [1] },
          { index: 0, embedding: [1] },
        ],
      },
    ],
  ])('refuses an answer with %s', (_, body) => {
    expect(() => vectorsOf(body, 2)).toThrow(EmbeddingsError);
  });
});
