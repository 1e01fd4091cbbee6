/**
 * Opens the database: PGlite under DATA_DIR by default, or PostgreSQL when DATABASE_URL is set.
 * Both speak the same SQL and the same drizzle API; migrations run at start under an advisory lock,
 * so several processes starting together against one PostgreSQL migrate once.
 */
import { fileURLToPath } from 'node:url';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGlite, type PGliteOptions, type QueryOptions, type Transaction, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { makePrivateDir, migrationsFolder } from '../paths';
import * as schema from './schema';
import { noteStatement, noteWrite } from './writes';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of `Db` (the `tx` of `db.transaction`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a repo runs its SQL on: the database, or a transaction its caller opened. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded PGlite itself (its notifications: the event bus listens), on PGlite only. */
  pglite?: PGlite;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      kind: 'pglite';
      dataDir?: string;
      /** An existing PGlite, e.g. loaded from a dump in tests. */ client?: PGlite;
    }
  | { kind: 'postgres'; url: string; poolSize?: number; onIdleError?: (error: Error) => void };

const MIGRATION_LOCK = 7_357_001;

// drizzle hands PGlite the same identity parsers (dates and intervals stay strings; drizzle maps
// them) with every query, and PGlite rebuilds its parser table whenever a query brings its own:
// about 100 µs a query. They are installed once on the instance instead, and dropped per query.
const keep = (value: string) => value;
const drizzleParsers: NonNullable<PGliteOptions['parsers']> = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (oid) => [oid, keep],
  ),
);

/** Creates a PGlite instance with the parsers drizzle expects (use this, not `PGlite.create`). */
export function createPglite(options: PGliteOptions = {}): Promise<PGlite> {
  // PGlite writes its files world-readable (0666): the private folder is what keeps them ours.
  if (options.dataDir && !options.dataDir.includes('://')) makePrivateDir(options.dataDir);
  return PGlite.create({
    ...options,
    // pg_trgm: the conversation list's text search (migration 0012).
    extensions: { pg_trgm, ...options.extensions },
    parsers: { ...drizzleParsers, ...options.parsers },
  });
}

/**
 * The same client, with per-query parser tables dropped (the instance already has them), and every
 * statement counted as a read or a write under `root` (db/writes.ts), for the hot-read cache.
 */
function wrapClient<T extends PGlite | Transaction>(client: T, root?: object): T {
  const proxy: T = new Proxy(client, {
    get(target, property) {
      const tally = root ?? proxy;
      if (property === 'query') {
        return async (query: string, params?: unknown[], options?: QueryOptions) => {
          const write = noteStatement(tally, query) === 'write';
          try {
            return await target.query(
              query,
              params,
              options?.parsers ? { ...options, parsers: undefined } : options,
            );
          } finally {
            if (write) noteWrite(tally);
          }
        };
      }
      if (property === 'exec') {
        return async (query: string, options?: QueryOptions) => {
          const write = noteStatement(tally, query) === 'write';
          try {
            return await target.exec(query, options);
          } finally {
            if (write) noteWrite(tally);
          }
        };
      }
      if (property === 'transaction' && 'transaction' in target) {
        return async (fn: (tx: Transaction) => Promise<unknown>) => {
          try {
            return await target.transaction((tx) => fn(wrapClient(tx, tally)));
          } finally {
            noteWrite(tally);
          }
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return proxy;
}

/** Connections one process's PostgreSQL pool holds at most (its event bus holds one more, to LISTEN). */
export const POOL_SIZE = 10;

/** Opens and migrates the database. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const folder = fileURLToPath(migrationsFolder);
  if (options.kind === 'pglite') {
    const client = options.client ?? (await createPglite({ dataDir: options.dataDir ?? 'memory://' }));
    const db = drizzlePglite(wrapClient(client), { schema, casing: 'snake_case' });
    await migratePglite(db, { migrationsFolder: folder });
    return { db: db as unknown as Db, kind: 'pglite', pglite: client, close: () => client.close() };
  }

  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? POOL_SIZE });
  // An idle pooled connection that the server ends (restart, failover, a dropped test database)
  // emits an error; unhandled, it would crash the process. The pool replaces it on next use.
  pool.on('error', (error) => options.onIdleError?.(error));
  const db = drizzleNodePg(pool, { schema, casing: 'snake_case' });
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrateNodePg(drizzleNodePg(lock, { schema, casing: 'snake_case' }), { migrationsFolder: folder });
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lock.release();
  }
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
}

/** True when the database answers. */
export async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
