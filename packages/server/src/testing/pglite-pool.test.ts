import type { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { createPglite } from '../db/database';
import { pglitePool } from './pglite-pool';

describe('the test servers’ PGlite pool', () => {
  const made: PGlite[] = [];
  // An instance with a schema as migrations leave it: a parent, a child, the migrations' journal.
  const create = async () => {
    const client = await createPglite();
    await client.exec(`
      create table parents (id integer primary key generated always as identity, name text not null);
      create table children (id serial primary key, parent_id integer not null references parents(id));
      create schema drizzle;
      create table drizzle.__drizzle_migrations (id serial primary key, hash text not null);
      insert into drizzle.__drizzle_migrations (hash) values ('0000'), ('0001');
    `);
    made.push(client);
    return client;
  };
  const pool = pglitePool(create);
  const count = async (client: PGlite, table: string) =>
    (await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
  const addParent = async (client: PGlite) => {
    const { id } = (
      await client.query<{ id: number }>(`insert into parents (name) values ('Colegio') returning id`)
    ).rows[0]!;
    await client.query('insert into children (parent_id) values ($1)', [id]);
    return id;
  };

  afterAll(async () => {
    for (const client of made) if (!client.closed) await client.close();
  });

  it('lends a returned instance emptied: no rows, identities from 1, no prepared statements', async () => {
    const first = await pool.lease();
    expect(await addParent(first.client)).toBe(1);
    expect(await addParent(first.client)).toBe(2);
    await first.client.exec('prepare named as select 1');
    await first.release();

    const second = await pool.lease();
    expect(made).toHaveLength(1);
    expect(await count(second.client, 'parents')).toBe(0);
    expect(await addParent(second.client)).toBe(1);
    await second.client.exec('prepare named as select 1');
    expect(await count(second.client, 'children')).toBe(1);
    // The migrations' journal is kept: the server finds nothing to apply.
    expect(await count(second.client, 'drizzle.__drizzle_migrations')).toBe(2);
    await second.release();
  });

  it('refuses a released lease, so a server left running cannot write into the next one’s database', async () => {
    const lease = await pool.lease();
    await lease.release();
    expect(() => lease.client.query('select 1')).toThrow(TypeError);
    const next = await pool.lease();
    expect(await count(next.client, 'parents')).toBe(0);
    await next.release();
  });

  it('makes a new instance after a lease changed the schema or closed its instance', async () => {
    const before = made.length;
    const changed = await pool.lease();
    await changed.client.exec('create table left_behind (a int)');
    await changed.release();
    const fresh = await pool.lease();
    expect(made).toHaveLength(before + 1);
    expect(
      (await fresh.client.query(`select 1 from pg_tables where tablename = 'left_behind'`)).rows,
    ).toEqual([]);
    await fresh.client.close();
    await fresh.release();
    await pool.lease();
    expect(made).toHaveLength(before + 2);
  });
});
