/**
 * Migration 0021 on a database holding handoff addresses saved before confirmation existed: each
 * address is kept as it was, and none is confirmed (no contact mail goes to it until its link is
 * opened), with no pending token.
 */
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { createPglite } from './database';
import { migrations, migrationsBefore } from '../testing/migrations.fixtures';

describe('migration 0021 (handoff address confirmation)', () => {
  it('keeps the addresses saved before, unconfirmed and with no token', async () => {
    const client = await createPglite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBefore('0021_handoff_confirmation') });
    const institution = (
      await client.query<{ id: number }>(
        `insert into institutions (name, kind) values ('Colegio', 'school') returning id`,
      )
    ).rows[0]!.id;
    const handoff = { name: 'Ana', email: 'ana@colegio.example', phone: null, hours: null, message: null };
    await client.query(
      `insert into institution_products (institution_id, type, name, handoff) values
         ($1, 'admission', 'Admisiones', $2), ($1, 'retail', 'Tienda', null)`,
      [institution, JSON.stringify(handoff)],
    );

    await migrate(db, { migrationsFolder: migrations });
    const rows = await client.query<Record<string, unknown>>(
      `select handoff, handoff_confirmed_email, handoff_confirmed_at, handoff_token_hash,
              handoff_token_email, handoff_token_expires_at
       from institution_products order by id`,
    );
    expect(rows.rows).toEqual([
      {
        handoff,
        handoff_confirmed_email: null,
        handoff_confirmed_at: null,
        handoff_token_hash: null,
        handoff_token_email: null,
        handoff_token_expires_at: null,
      },
      {
        handoff: null,
        handoff_confirmed_email: null,
        handoff_confirmed_at: null,
        handoff_token_hash: null,
        handoff_token_email: null,
        handoff_token_expires_at: null,
      },
    ]);
    await client.close();
  });
});
