/**
 * Vectors stored compactly and scored in the process (docs/architecture.md#knowledge-and-answers,
 * "Semantic retrieval"). A vector is kept as int8: its components scaled so the largest is ±127
 * (a quarter of float32's bytes; cosine only needs the direction, so no scale is stored). An
 * assistant's vectors sit in one contiguous Int8Array; a question is scored against all of them
 * (cosine), or, past EXACT_SCAN_WORK, first by the Hamming distance of their sign bits (32
 * dimensions a machine word) and the RESCORED nearest of those scored exactly: ten times less work
 * at 100k passages for the same top ten in practice (bench/embeddings-bench.ts).
 */

/** What a vector belongs to. */
export type VectorOwner = 'chunk' | 'faq';

/** A passage ranked by the cosine of its vector and the question's. */
export interface SemanticHit {
  kind: VectorOwner;
  /** The chunk's or the FAQ's id. */
  id: number;
  /** Cosine similarity, -1..1. */
  score: number;
}

/** The int8 form of a vector (its direction): the bytes stored in the database. */
export function quantize(vector: Float32Array): Int8Array {
  let max = 0;
  for (const value of vector) max = Math.max(max, Math.abs(value));
  const out = new Int8Array(vector.length);
  if (max === 0) return out;
  const factor = 127 / max;
  for (let i = 0; i < vector.length; i += 1) out[i] = Math.round(vector[i]! * factor);
  return out;
}

/** Dimensions times passages up to which every vector is scored exactly (~4 ms on one core). */
export const EXACT_SCAN_WORK = 4_000_000;
/** Candidates kept by the sign-bit pass per passage asked for, and at least. */
const RESCORE_PER_HIT = 20;
const MIN_RESCORED = 200;

/** The vectors of one assistant, for questions of one model (all of one length). */
export interface VectorIndex {
  dims: number;
  count: number;
  kinds: Uint8Array;
  ids: Float64Array;
  bytes: Int8Array;
  /** 1 / the length of each stored int8 vector. */
  inverseNorms: Float32Array;
  /** Sign bits, dims/32 words per vector (rounded up), when count × dims is past EXACT_SCAN_WORK. */
  bits: Uint32Array | null;
  /** Bytes held, for the cache's bound. */
  size: number;
}

export interface StoredVector {
  kind: VectorOwner;
  id: number;
  vector: Uint8Array;
}

const wordsOf = (dims: number) => Math.ceil(dims / 32);

function signBits(source: Int8Array, offset: number, dims: number, into: Uint32Array, at: number) {
  for (let i = 0; i < dims; i += 1) {
    if (source[offset + i]! > 0) into[at + (i >>> 5)]! |= 1 << (i & 31);
  }
}

/** The index of stored vectors; those of another length than the first (a model change midway) are left out. */
export function buildIndex(rows: StoredVector[]): VectorIndex {
  const dims = rows[0]?.vector.byteLength ?? 0;
  const kept = rows.filter((row) => row.vector.byteLength === dims);
  const count = kept.length;
  const bytes = new Int8Array(count * dims);
  const kinds = new Uint8Array(count);
  const ids = new Float64Array(count);
  const inverseNorms = new Float32Array(count);
  const exact = count * dims <= EXACT_SCAN_WORK;
  const bits = exact ? null : new Uint32Array(count * wordsOf(dims));
  for (const [row, { kind, id, vector }] of kept.entries()) {
    const offset = row * dims;
    bytes.set(new Int8Array(vector.buffer, vector.byteOffset, dims), offset);
    kinds[row] = kind === 'faq' ? 1 : 0;
    ids[row] = id;
    let norm = 0;
    for (let i = offset; i < offset + dims; i += 1) norm += bytes[i]! * bytes[i]!;
    inverseNorms[row] = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    if (bits) signBits(bytes, offset, dims, bits, row * wordsOf(dims));
  }
  const size =
    bytes.byteLength + kinds.byteLength + ids.byteLength + inverseNorms.byteLength + (bits?.byteLength ?? 0);
  return { dims, count, kinds, ids, bytes, inverseNorms, bits, size };
}

/** The cosine of a unit-length query and the stored vector at `row`. */
function cosine(index: VectorIndex, query: Float32Array, row: number): number {
  const { bytes, dims } = index;
  const offset = row * dims;
  // Four sums: the loop's additions no longer wait on each other (a third faster in V8).
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = 0;
  for (; i + 3 < dims; i += 4) {
    s0 += query[i]! * bytes[offset + i]!;
    s1 += query[i + 1]! * bytes[offset + i + 1]!;
    s2 += query[i + 2]! * bytes[offset + i + 2]!;
    s3 += query[i + 3]! * bytes[offset + i + 3]!;
  }
  for (; i < dims; i += 1) s0 += query[i]! * bytes[offset + i]!;
  return (s0 + s1 + s2 + s3) * index.inverseNorms[row]!;
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The rows whose sign bits are nearest the query's (ties at the cut included): a counting pass, no sort. */
function nearestBySigns(index: VectorIndex, query: Float32Array, keep: number): number[] {
  const { dims, count } = index;
  const bits = index.bits!;
  const words = wordsOf(dims);
  const mine = new Uint32Array(words);
  for (let i = 0; i < dims; i += 1) if (query[i]! > 0) mine[i >>> 5]! |= 1 << (i & 31);
  const distances = new Uint16Array(count);
  const histogram = new Uint32Array(dims + 1);
  for (let row = 0; row < count; row += 1) {
    let distance = 0;
    const offset = row * words;
    for (let w = 0; w < words; w += 1) distance += popcount(mine[w]! ^ bits[offset + w]!);
    distances[row] = distance;
    histogram[distance]! += 1;
  }
  let cut = 0;
  for (let seen = 0; cut <= dims; cut += 1) {
    seen += histogram[cut]!;
    if (seen >= keep) break;
  }
  const rows: number[] = [];
  for (let row = 0; row < count; row += 1) if (distances[row]! <= cut) rows.push(row);
  return rows;
}

/** The `limit` stored vectors nearest the query (cosine), best first; none when the lengths differ. */
export function searchIndex(index: VectorIndex, query: Float32Array, limit: number): SemanticHit[] {
  if (index.count === 0 || query.length !== index.dims || limit < 1) return [];
  let norm = 0;
  for (const value of query) norm += value * value;
  if (norm === 0) return [];
  const unit = new Float32Array(query.length);
  for (let i = 0; i < query.length; i += 1) unit[i] = query[i]! / Math.sqrt(norm);

  const rows = index.bits
    ? nearestBySigns(index, unit, Math.max(limit * RESCORE_PER_HIT, MIN_RESCORED))
    : null;
  // The best `limit` so far, worst last: few, so an insertion beats a heap.
  const best: { row: number; score: number }[] = [];
  const consider = (row: number) => {
    const score = cosine(index, unit, row);
    if (best.length === limit && score <= best[limit - 1]!.score) return;
    let at = best.length;
    while (at > 0 && best[at - 1]!.score < score) at -= 1;
    best.splice(at, 0, { row, score });
    if (best.length > limit) best.pop();
  };
  if (rows) for (const row of rows) consider(row);
  else for (let row = 0; row < index.count; row += 1) consider(row);
  return best.map(({ row, score }) => ({
    kind: index.kinds[row] === 1 ? 'faq' : 'chunk',
    id: index.ids[row]!,
    score,
  }));
}
