/**
 * PGlite instances reused by the test servers of one vitest worker. Starting PGlite from the
 * migrated dump costs about 1.5 s of CPU (its WebAssembly memory filled, the data dir unpacked),
 * paid a few hundred times a run; emptying a closed test server's instance (the session's prepared
 * statements and settings discarded, every table truncated, identities restarted) takes ~50 ms.
 * Each server gets a lease, a revocable proxy of the instance: once the server is closed, a timer
 * or stream it left behind fails loudly instead of writing into the next test file's database.
 */
import type { PGlite } from '@electric-sql/pglite';

/** Instances kept between leases: as many as a test file has servers open at once, in practice. */
const KEPT = 4;

interface Pooled {
  client: PGlite;
  /** What the catalog held when the instance was made: a lease that changed the schema ends it. */
  catalog: string;
  /** The statement that empties it. */
  truncate: string;
}

const CATALOG = `select concat_ws('/', (select count(*) from pg_class), (select count(*) from pg_proc),
  (select count(*) from pg_trigger), (select count(*) from pg_attribute)) as catalog`;
const TABLES = `select string_agg(format('%I.%I', schemaname, tablename), ', ') as tables
  from pg_tables where schemaname not in ('pg_catalog', 'information_schema', 'drizzle')`;

async function pooled(client: PGlite): Promise<Pooled> {
  const catalog = (await client.query<{ catalog: string }>(CATALOG)).rows[0]!.catalog;
  const tables = (await client.query<{ tables: string | null }>(TABLES)).rows[0]!.tables;
  return { client, catalog, truncate: tables ? `truncate ${tables} restart identity cascade` : '' };
}

/** Empties a returned instance for the next lease; false when it cannot be reused as it is. */
async function empty(entry: Pooled): Promise<boolean> {
  if (entry.client.closed) return false;
  try {
    if ((await entry.client.query<{ catalog: string }>(CATALOG)).rows[0]!.catalog !== entry.catalog)
      return false;
    // The session's own state first: prepared statements (the server prepares its hot queries by
    // name), settings, LISTENs. Alone: it cannot run in a transaction block.
    await entry.client.exec('discard all');
    if (entry.truncate) await entry.client.exec(entry.truncate);
    return true;
  } catch {
    return false;
  }
}

export interface PgliteLease {
  /** The instance as this lease's server sees it: unusable once released. */
  client: PGlite;
  /** Gives the instance back, emptied, for the worker's next server (or closes it). */
  release(): Promise<void>;
}

/**
 * A pool: `lease` gives an empty migrated PGlite, one a closed server gave back, else a new one from
 * `create`. The test servers share one per worker (`index.ts`).
 */
export function pglitePool(create: () => Promise<PGlite>) {
  const idle: Pooled[] = [];
  return {
    async lease(): Promise<PgliteLease> {
      const entry = idle.pop() ?? (await pooled(await create()));
      const { proxy, revoke } = Proxy.revocable(entry.client, {
        get(target, property) {
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      let released = false;
      return {
        client: proxy,
        async release() {
          if (released) return;
          released = true;
          revoke();
          if (idle.length < KEPT && (await empty(entry))) idle.push(entry);
          else if (!entry.client.closed) await entry.client.close();
        },
      };
    },
  };
}
