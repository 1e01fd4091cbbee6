/**
 * Vectors stored compactly and scored in the process (docs/architecture.md#knowledge-and-answers,
 * "Semantic retrieval"). A vector is kept as int8: its components scaled so the largest is ±127
 * (a quarter of float32's bytes; cosine only needs the direction, so no scale is stored). An
 * assistant's vectors sit in one contiguous Int8Array; a question is scored against all of them
 * (cosine), or, past EXACT_SCAN_WORK, first against their sign bits and the nearest of those
 * scored exactly (bench/embeddings-bench.ts). The sign-bit pass is asymmetric: the question keeps
 * its values, and a passage's byte of eight signs is one lookup in a table made for the question
 * (the sum of ± its eight values), so a component the question lacks counts for nothing; a Hamming
 * distance of both sides' signs lost most of the top ten on sparse vectors.
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
/**
 * Candidates the sign-bit pass keeps for the exact score, per passage asked for and at least:
 * scoring 1,000 in int8 costs ~1 ms, and fewer lost the top ten (bench/embeddings-bench.ts).
 */
const RESCORE_PER_HIT = 100;
const MIN_RESCORED = 1_000;

/** The vectors of one assistant, for questions of one model (all of one length). */
export interface VectorIndex {
  dims: number;
  count: number;
  kinds: Uint8Array;
  ids: Float64Array;
  bytes: Int8Array;
  /** 1 / the length of each stored int8 vector. */
  inverseNorms: Float32Array;
  /** Sign bits, dims/8 bytes per vector (rounded up), when count × dims is past EXACT_SCAN_WORK. */
  bits: Uint8Array | null;
  /** Bytes held, for the cache's bound. */
  size: number;
}

export interface StoredVector {
  kind: VectorOwner;
  id: number;
  vector: Uint8Array;
}

const bytesOf = (dims: number) => Math.ceil(dims / 8);

function signBits(source: Int8Array, offset: number, dims: number, into: Uint8Array, at: number) {
  for (let i = 0; i < dims; i += 1) {
    if (source[offset + i]! > 0) into[at + (i >>> 3)]! |= 1 << (i & 7);
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
  const bits = exact ? null : new Uint8Array(count * bytesOf(dims));
  for (const [row, { kind, id, vector }] of kept.entries()) {
    const offset = row * dims;
    bytes.set(new Int8Array(vector.buffer, vector.byteOffset, dims), offset);
    kinds[row] = kind === 'faq' ? 1 : 0;
    ids[row] = id;
    let norm = 0;
    for (let i = offset; i < offset + dims; i += 1) norm += bytes[i]! * bytes[i]!;
    inverseNorms[row] = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    if (bits) signBits(bytes, offset, dims, bits, row * bytesOf(dims));
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

/**
 * The rows scoring best against the query's values on their sign bits (ties at the cut included):
 * per byte of signs one lookup, in a table of the 256 sums of ± the query's eight values there.
 */
function nearestBySigns(index: VectorIndex, query: Float32Array, keep: number): number[] {
  const { dims, count } = index;
  const bits = index.bits!;
  const width = bytesOf(dims);
  const table = new Float32Array(width * 256);
  for (let byte = 0; byte < width; byte += 1) {
    for (let pattern = 0; pattern < 256; pattern += 1) {
      let sum = 0;
      for (let k = 0; k < 8; k += 1) {
        const value = query[byte * 8 + k] ?? 0;
        sum += pattern & (1 << k) ? value : -value;
      }
      table[byte * 256 + pattern] = sum;
    }
  }
  const scores = new Float32Array(count);
  for (let row = 0; row < count; row += 1) {
    let score = 0;
    const offset = row * width;
    for (let byte = 0; byte < width; byte += 1) score += table[(byte << 8) + bits[offset + byte]!]!;
    scores[row] = score;
  }
  // The keep-th best score: a copy sorted is 100k floats (~5 ms); a selection is enough.
  const cut = kthLargest(scores, keep);
  const rows: number[] = [];
  for (let row = 0; row < count; row += 1) if (scores[row]! >= cut) rows.push(row);
  return rows;
}

/** The k-th largest value (Floyd–Rivest-free quickselect on a copy). */
function kthLargest(values: Float32Array, k: number): number {
  if (k >= values.length) return Number.NEGATIVE_INFINITY;
  const a = values.slice();
  let left = 0;
  let right = a.length - 1;
  const target = k - 1;
  while (left < right) {
    const pivot = a[(left + right) >>> 1]!;
    let i = left;
    let j = right;
    while (i <= j) {
      while (a[i]! > pivot) i += 1;
      while (a[j]! < pivot) j -= 1;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i += 1;
        j -= 1;
      }
    }
    if (target <= j) right = j;
    else if (target >= i) left = i;
    else break;
  }
  return a[target]!;
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
