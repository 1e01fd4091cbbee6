import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing';
import { hotQuery } from './hot-query';
import { institutions } from './schema';

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

  it('refuses anything but integers, before touching the database', async () => {
    const query = byId();
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      await expect(query([bad, 1])).rejects.toThrow(/integers/);
    }
  });
});
