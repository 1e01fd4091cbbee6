/**
 * Migration 0015 on a database holding records of the earlier shape (0013: built-in and configured
 * values in one JSON, an order's lines in another): every value lands in its column, its line rows
 * or the configured fields, with a "created" history entry; nothing is lost.
 */
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { createPglite } from './database';
import { migrations, migrationsBefore } from '../testing/migrations.fixtures';

describe('migration 0015 (sales records for the console)', () => {
  it('moves the values of records entered before into their columns, lines and fields', async () => {
    const client = await createPglite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBefore('0015_sales_records_console') });
    const { rows } = await client.query<{ id: number }>(
      `insert into institutions (name, kind) values ('Acme', 'business') returning id`,
    );
    const institution = rows[0]!.id;
    const product = (
      await client.query<{ id: number }>(
        `insert into institution_products (institution_id, type, name) values ($1, 'sales_support', 'Sales') returning id`,
        [institution],
      )
    ).rows[0]!.id;
    await client.query(
      `insert into sales_records (institution_id, product_id, kind, seller_number, seller_name, company, values, lines, message_ids)
       values ($1, $2, 'lead', '+34612345678', 'Tomás', 'Bodegas Sol',
               '{"company":"Bodegas Sol","contact":"Luis","phone":"+34655112233","email":null,"notes":"Call","budget":300}', '[]', '{wamid.1}'),
              ($1, $2, 'order', '+34612345678', 'Tomás', 'Hotel', '{"company":"Hotel","notes":null,"visit":"2026-12-01"}',
               '[{"product_code":"S-20","description":"Oak chair","quantity":40},{"product_code":"T-1","description":null,"quantity":2.5}]', '{}')`,
      [institution, product],
    );

    await migrate(db, { migrationsFolder: migrations });
    const records = await client.query(
      `select kind, company, contact_name, phone, email, notes, fields, seller_name, seller_number, message_ids, search
       from sales_records order by id`,
    );
    expect(records.rows).toEqual([
      {
        kind: 'lead',
        company: 'Bodegas Sol',
        contact_name: 'Luis',
        phone: '+34655112233',
        email: null,
        notes: 'Call',
        fields: { budget: 300 },
        seller_name: 'Tomás',
        seller_number: '+34612345678',
        message_ids: ['wamid.1'],
        search: 'bodegas sol luis call',
      },
      {
        kind: 'order',
        company: 'Hotel',
        contact_name: null,
        phone: null,
        email: null,
        notes: null,
        fields: { visit: '2026-12-01' },
        seller_name: 'Tomás',
        seller_number: '+34612345678',
        message_ids: [],
        search: 'hotel s-20 oak chair t-1',
      },
    ]);
    const lines = await client.query(
      `select position, product_code, product_description, quantity from sales_order_lines order by position`,
    );
    expect(lines.rows).toEqual([
      { position: 0, product_code: 'S-20', product_description: 'Oak chair', quantity: 40 },
      { position: 1, product_code: 'T-1', product_description: null, quantity: 2.5 },
    ]);
    const history = await client.query(`select action, by_name from sales_record_history order by id`);
    expect(history.rows).toEqual([
      { action: 'created', by_name: 'Tomás' },
      { action: 'created', by_name: 'Tomás' },
    ]);
    await client.close();
  });
});
