/**
 * Server-side prepared statements for the hottest reads. PGlite parses and plans every query it is
 * sent (drizzle's `.prepare()` only keeps the SQL text): on its single in-process connection a
 * `PREPARE`d statement run with `EXECUTE` answers ~100 µs sooner, about a fifth of a list request
 * (docs/architecture.md#budgets). On PostgreSQL, node-postgres names the statement per pooled connection.
 *
 * On PGlite the answers are also kept in memory until the next write through the same client
 * (db/writes.ts counts them): a list the console asks for again and again costs no query at all.
 * The rows handed out are frozen, since the same ones are handed to every caller.
 *
 * Parameters are integers only: `EXECUTE name(1, 2)` carries them as literals, so anything else
 * is refused rather than formatted into SQL.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './database';
import { writeGeneration } from './writes';

type Row = Record<string, unknown>;

interface RawClient {
  query(
    text: string | { name: string; text: string; values: unknown[] },
    values?: unknown[],
  ): Promise<{ rows: Row[] }>;
}

/** The statements prepared (or being prepared) on each PGlite client, by name. */
const prepared = new WeakMap<object, Map<string, Promise<void> | true>>();

/** Answers kept per client, valid while its write count is `generation`. */
interface Answers {
  generation: number;
  rows: Map<string, readonly Row[]>;
}

const answers = new WeakMap<object, Answers>();
/** Beyond this many kept answers, they are all dropped (one busy minute refills what is hot). */
const MAX_ANSWERS = 10_000;

function answersOf(client: object): Answers {
  let kept = answers.get(client);
  const generation = writeGeneration(client);
  if (!kept) {
    kept = { generation, rows: new Map() };
    answers.set(client, kept);
  } else if (kept.generation !== generation) {
    kept.generation = generation;
    kept.rows.clear();
  }
  return kept;
}

/** An integer as an SQL literal; anything else is refused. */
function integerLiteral(value: number): string {
  if (!Number.isSafeInteger(value)) throw new TypeError('parameters must be integers');
  return String(value);
}

/** For a statement whose parameters are not all integers. */
export interface HotQueryOptions<P extends unknown[]> {
  /** The parameters' types for `PREPARE` on PGlite, e.g. `(integer, text)`. */
  types: string;
  /** A parameter as an SQL literal for `EXECUTE`, or a throw for anything it cannot write safely. */
  literal: (value: P[number]) => string;
  /** Keep the answers until the next write (as for integer-only queries); false for large or one-off answers. */
  keep: boolean;
}

/** A query whose `$n` parameters are integers; resolves to rows keyed by column name. */
export function hotQuery<T extends object>(
  db: Db,
  name: string,
  text: string,
): (params: number[]) => Promise<readonly Readonly<T>[]>;
/** A query with other parameters: `options` says their types and how to write them. */
export function hotQuery<T extends object, P extends unknown[]>(
  db: Db,
  name: string,
  text: string,
  options: HotQueryOptions<P>,
): (params: P) => Promise<readonly Readonly<T>[]>;
export function hotQuery<T extends object>(
  db: Db,
  name: string,
  text: string,
  options?: HotQueryOptions<unknown[]>,
): (params: unknown[]) => Promise<readonly Readonly<T>[]> {
  const client = (db as unknown as { $client: RawClient }).$client;
  const isPglite = !(client instanceof pg.Pool);
  const literal = options?.literal ?? ((value: unknown) => integerLiteral(value as number));
  const keep = options?.keep ?? true;
  const prepare = `prepare ${name} ${options?.types ?? ''} as ${text}`;
  return async (params) => {
    let args: string[];
    try {
      args = params.map(literal);
    } catch (error) {
      throw new TypeError(`${name}: ${(error as Error).message}`);
    }
    if (!isPglite) return (await client.query({ name, text, values: params })).rows as T[];
    let statements = prepared.get(client);
    if (!statements) {
      statements = new Map();
      prepared.set(client, statements);
    }
    // Requests that arrive together share one PREPARE (a second would fail: the name exists); once
    // it is done, nothing is awaited before the EXECUTE is sent.
    const state = statements.get(name);
    if (state !== true) {
      const preparing = state ?? db.execute(sql.raw(prepare)).then(() => undefined);
      if (!state) {
        statements.set(name, preparing);
        preparing.then(
          () => statements.set(name, true),
          () => statements.delete(name),
        );
      }
      await preparing;
    }
    const statement = `execute ${name}${args.length > 0 ? `(${args.join(', ')})` : ''}`;
    if (!keep) return (await client.query(statement)).rows as T[];
    const kept = answersOf(client);
    const known = kept.rows.get(statement);
    if (known) return known as readonly T[];
    const generation = kept.generation;
    const rows = (await client.query(statement)).rows.map((row) => Object.freeze(row));
    // Kept only if nothing was written meanwhile: a write racing this read must not leave it behind.
    if (writeGeneration(client) === generation) {
      if (kept.rows.size >= MAX_ANSWERS) kept.rows.clear();
      kept.rows.set(statement, Object.freeze(rows));
    }
    return rows as T[];
  };
}
