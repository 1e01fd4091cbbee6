/**
 * Migration 0020 on a database holding week-long staff sessions: each live one ends within the new
 * default absolute limit (12 hours from the upgrade), and every row gets a `last_seen_at`.
 */
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { createPglite } from './database';
import { migrations, migrationsBefore } from '../testing/migrations.fixtures';

describe('migration 0020 (staff sessions: idle and absolute limits)', () => {
  it('shortens the week-long sessions opened before, and leaves shorter ones as they were', async () => {
    const client = await createPglite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBefore('0020_sessions_last_seen') });
    const user = (
      await client.query<{ id: number }>(`insert into users (email) values ('ana@example.com') returning id`)
    ).rows[0]!.id;
    await client.query(
      `insert into sessions (id, user_id, expires_at) values
         ('00000000-0000-4000-8000-000000000001', $1, now() + interval '7 days'),
         ('00000000-0000-4000-8000-000000000002', $1, now() + interval '1 hour')`,
      [user],
    );

    await migrate(db, { migrationsFolder: migrations });
    const rows = await client.query<{ hours: number; seen: boolean }>(
      `select extract(epoch from expires_at - now()) / 3600 as hours, last_seen_at is not null as seen
       from sessions order by id`,
    );
    expect(rows.rows.map((row) => Math.round(Number(row.hours)))).toEqual([12, 1]);
    expect(rows.rows.every((row) => row.seen)).toBe(true);
    await client.close();
  });
});
