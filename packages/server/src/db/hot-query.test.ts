import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing';
import { hotQuery } from './hot-query';
import { institutions } from './schema';
import { eq, sql } from 'drizzle-orm';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  await server.database.db.insert(institutions).values([
    { name: 'Colegio Sol', kind: 'school' },
    { name: 'Tienda Norte', kind: 'business' },
  ]);
});
afterAll(() => server.close());

describe('hotQuery', () => {
  const byId = () =>
    hotQuery<{ id: number; name: string }>(
      server.database.db,
      'test_institution_by_id',
      'select id, name from institutions where id >= $1 order by id limit $2',
    );

  it('answers the same rows on every call (prepared once, executed again)', async () => {
    const query = byId();
    const first = await query([1, 10]);
    expect(first.map((row) => row.name)).toEqual(['Colegio Sol', 'Tienda Norte']);
    expect(await query([2, 10])).toEqual([{ id: 2, name: 'Tienda Norte' }]);
    // A second handle with the same name reuses the statement.
    expect(await byId()([1, 1])).toEqual([{ id: 1, name: 'Colegio Sol' }]);
  });

  it('prepares once when its first calls arrive together', async () => {
    const query = hotQuery<{ name: string }>(
      server.database.db,
      'test_institution_names_together',
      'select name from institutions where id = $1',
    );
    const answers = await Promise.all([query([1]), query([2]), query([1])]);
    expect(answers.map((rows) => rows[0]?.name)).toEqual(['Colegio Sol', 'Tienda Norte', 'Colegio Sol']);
  });

  it('refuses anything but integers, before touching the database', async () => {
    const query = byId();
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      await expect(query([bad, 1])).rejects.toThrow(/integers/);
    }
  });
});

describe('hotQuery on PGlite: answers kept until the next write', () => {
  const names = () =>
    hotQuery<{ id: number; name: string }>(
      server.database.db,
      'test_institution_names',
      'select id, name from institutions where id <= $1 order by id',
    );

  it('answers again from memory, and reads again after any write through the app', async () => {
    const query = names();
    const first = await query([10]);
    const again = await query([10]);
    // Kept in memory on PGlite (the same frozen rows); PostgreSQL, shared by processes, reads again.
    const pglite = server.database.kind === 'pglite';
    expect(again === first).toBe(pglite);
    expect(Object.isFrozen(first) && Object.isFrozen(first[0])).toBe(pglite);

    // A write to the same table, through drizzle.
    await server.database.db.update(institutions).set({ name: 'Colegio Luna' }).where(eq(institutions.id, 1));
    const renamed = await query([10]);
    expect(renamed.map((row) => row.name)).toContain('Colegio Luna');

    // A write to another table, through raw SQL, inside a transaction.
    await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`update institutions set name = 'Colegio Mar' where id = 1`);
    });
    expect((await query([10])).map((row) => row.name)).toContain('Colegio Mar');
  });

  it('does not keep an answer read while a write was under way', async () => {
    const query = names();
    const rename = (name: string) =>
      server.database.db.update(institutions).set({ name }).where(eq(institutions.id, 1));
    await rename('Colegio Sierra');
    // The read is sent first and sees the old name; the rename is sent (straight to the client,
    // so at once) before the read's answer is back.
    const client = (server.database.db as unknown as { $client: { query(text: string): Promise<unknown> } })
      .$client;
    const reading = query([10]);
    const renaming = client.query(`update institutions set name = 'Colegio Rio' where id = 1`);
    const [read] = await Promise.all([reading, renaming]);
    // PGlite runs them in order on its one connection; PostgreSQL may run them side by side.
    if (server.database.kind === 'pglite') expect(read.map((row) => row.name)).toContain('Colegio Sierra');
    expect((await query([10])).map((row) => row.name)).toContain('Colegio Rio');
  });
});
