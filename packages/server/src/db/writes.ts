/**
 * A count of the writes made through one embedded PGlite, so reads of hot lists can be answered
 * from memory until the next write (db/hot-query.ts). PGlite belongs to one process and every
 * statement passes through its client (database.ts counts them there), so nothing changes the data
 * unseen. Any statement that is not a plain read counts, whatever table it touches: a chat message
 * empties the cached lists too, which costs a query later, never a stale answer.
 */

interface Tally {
  writes: number;
  /** Prepared statements that only read, so their `execute` is a read too. */
  reads: Set<string>;
}

const tallies = new WeakMap<object, Tally>();

function tallyOf(client: object): Tally {
  let tally = tallies.get(client);
  if (!tally) {
    tally = { writes: 0, reads: new Set() };
    tallies.set(client, tally);
  }
  return tally;
}

const SELECT = /^\s*select\b/i;
const LOCKING = /\bfor\s+(?:no\s+key\s+)?(?:update|share)\b/i;
const PREPARE = /^\s*prepare\s+(\w+)(?:\s*\([^)]*\))?\s+as\s+([\s\S]*)$/i;
const EXECUTE = /^\s*execute\s+(\w+)\b/i;
/** More than one statement (or a `;` inside a literal): counted as a write, to be safe. */
const SEVERAL = /;\s*\S/;

/** True for a plain `select` (not one that locks rows). */
function isSelect(text: string): boolean {
  return SELECT.test(text) && !LOCKING.test(text);
}

/**
 * Classifies a statement sent through `client`: a plain `select`, the `prepare` of one, and the
 * `execute` of such a prepared read are reads; anything else, or several statements at once, is
 * counted as a write.
 */
export function noteStatement(client: object, text: string): 'read' | 'write' {
  const tally = tallyOf(client);
  if (SEVERAL.test(text)) {
    tally.writes += 1;
    return 'write';
  }
  const prepare = PREPARE.exec(text);
  if (prepare) {
    if (isSelect(prepare[2]!)) {
      tally.reads.add(prepare[1]!.toLowerCase());
      return 'read';
    }
  } else {
    const execute = EXECUTE.exec(text);
    if (execute ? tally.reads.has(execute[1]!.toLowerCase()) : isSelect(text)) return 'read';
  }
  tally.writes += 1;
  return 'write';
}

/** Counts a write through `client` without a statement (a transaction, a write just finished). */
export function noteWrite(client: object): void {
  tallyOf(client).writes += 1;
}

/** The number of writes made through `client` so far. */
export function writeGeneration(client: object): number {
  return tallies.get(client)?.writes ?? 0;
}
