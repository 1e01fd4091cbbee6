/**
 * Migrations 0017 and 0019 on a database holding orders entered before: each order gets its line
 * count and total quantity from its lines (a lead, no lines, keeps zeros), and each line its order's
 * assistant and entry time.
 */
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { createPglite } from './database';
import { migrations, migrationsBefore } from '../testing/migrations.fixtures';

describe('migration 0017 (orders keep their line count and quantity)', () => {
  it('fills the orders entered before from their lines', async () => {
    const client = await createPglite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBefore('0017_sales_records_line_totals') });
    const institution = (
      await client.query<{ id: number }>(
        `insert into institutions (name, kind) values ('Acme', 'business') returning id`,
      )
    ).rows[0]!.id;
    const product = (
      await client.query<{ id: number }>(
        `insert into institution_products (institution_id, type, name) values ($1, 'sales_support', 'Sales') returning id`,
        [institution],
      )
    ).rows[0]!.id;
    const ids = (
      await client.query<{ id: number }>(
        `insert into sales_records (institution_id, product_id, kind, company, seller_name)
         values ($1, $2, 'order', 'Hotel', 'Tomás'), ($1, $2, 'lead', 'Bodegas Sol', 'Tomás') returning id`,
        [institution, product],
      )
    ).rows.map((row) => row.id);
    await client.query(
      `insert into sales_order_lines (record_id, institution_id, position, product_code, quantity)
       values ($1, $2, 0, 'S-20', 40), ($1, $2, 1, 'T-1', 2.5)`,
      [ids[0], institution],
    );

    await migrate(db, { migrationsFolder: migrations });
    const records = await client.query(`select kind, line_count, quantity from sales_records order by id`);
    expect(records.rows).toEqual([
      { kind: 'order', line_count: 2, quantity: 42.5 },
      { kind: 'lead', line_count: 0, quantity: 0 },
    ]);
    // Migration 0019: each line carries its order's assistant and entry time.
    const lines = await client.query(
      `select l.product_id = r.product_id and l.created_at = r.created_at as copied
       from sales_order_lines l join sales_records r on r.id = l.record_id`,
    );
    expect(lines.rows).toEqual([{ copied: true }, { copied: true }]);
    await client.close();
  });
});
