/**
 * Every foreign key whose parent rows are deleted in bulk (a retention run's conversations, an
 * assistant's files) is served by an index that leads with its columns: PostgreSQL finds a deleted
 * parent's children with the key's own columns, and without such an index it reads the whole child
 * table once per parent (100k conversations purged took over 20 minutes on PostgreSQL). Parents
 * deleted one at a time (an institution, an assistant, a user) are exempt: one read per deletion.
 */
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { createPglite } from './database';
import { migrations } from '../testing/migrations.fixtures';

const DELETED_ONE_AT_A_TIME = ['institutions', 'institution_products', 'users'];

describe('foreign keys', () => {
  it('find the children of rows deleted in bulk by an index', async () => {
    const client = await createPglite();
    await migrate(drizzle(client), { migrationsFolder: migrations });
    const { rows: keys } = await client.query<{ child: string; parent: string; columns: string[] }>(
      `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
              (select array_agg(a.attname order by k.ord)
                 from unnest(c.conkey) with ordinality k(attnum, ord)
                 join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum) as columns
         from pg_constraint c
        where c.contype = 'f'
          and not exists (
            select 1 from pg_index i
             where i.indrelid = c.conrelid
               and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
               and cardinality((i.indkey::int2[])[0:cardinality(c.conkey) - 1]) = cardinality(c.conkey))
        order by 1, 2`,
    );
    expect(keys.length).toBeGreaterThan(0); // the exempt ones: the query reads what it should
    expect(keys.filter((key) => !DELETED_ONE_AT_A_TIME.includes(key.parent))).toEqual([]);
    await client.close();
  });
});
