/**
 * Opens the database: PGlite under DATA_DIR by default, or PostgreSQL when DATABASE_URL is set.
 * Both speak the same SQL and the same drizzle API; migrations run at start under an advisory lock,
 * so several processes starting together against one PostgreSQL migrate once.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      kind: 'pglite';
      dataDir?: string;
      /** An existing PGlite, e.g. loaded from a dump in tests. */ client?: PGlite;
    }
  | { kind: 'postgres'; url: string; poolSize?: number };

const MIGRATION_LOCK = 7_357_001;

/** Opens and migrates the database. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const folder = fileURLToPath(migrationsFolder);
  if (options.kind === 'pglite') {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    const client = options.client ?? (await PGlite.create(options.dataDir ?? 'memory://'));
    const db = drizzlePglite(client, { schema, casing: 'snake_case' });
    await migratePglite(db, { migrationsFolder: folder });
    return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
  }

  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
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
