/**
 * Migration 0022 on a database holding knowledge indexed before it: the passages stay, none has a
 * vector (the start-up sweep queues them), and a vector written then goes with its chunk or FAQ.
 */
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { createPglite } from './database';
import { migrations, migrationsBefore } from '../testing/migrations.fixtures';

describe('migration 0022 (passage embeddings)', () => {
  it('adds vectors beside existing chunks and FAQs, deleted with them', async () => {
    const client = await createPglite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBefore('0022_passage_embeddings') });
    const institution = (
      await client.query<{ id: number }>(
        `insert into institutions (name, kind) values ('Colegio', 'school') returning id`,
      )
    ).rows[0]!.id;
    const assistant = (
      await client.query<{ id: number }>(
        `insert into institution_products (institution_id, type, name) values ($1, 'admission', 'Admisiones') returning id`,
        [institution],
      )
    ).rows[0]!.id;
    const chunk = (
      await client.query<{ id: number }>(
        `insert into knowledge_chunks (institution_id, product_id, source, position, content, language)
         values ($1, $2, 'knowledge_base', 0, 'Open day is on 14 March.', 'english') returning id`,
        [institution, assistant],
      )
    ).rows[0]!.id;
    const faq = (
      await client.query<{ id: number }>(
        `insert into product_faqs (institution_id, product_id, position, question, answer)
         values ($1, $2, 0, 'Is there a summer camp?', 'Yes.') returning id`,
        [institution, assistant],
      )
    ).rows[0]!.id;

    await migrate(db, { migrationsFolder: migrations });
    const count = async () =>
      Number(
        (
          await client.query<{ count: number }>(
            `select (select count(*) from knowledge_chunk_vectors) + (select count(*) from product_faq_vectors) as count`,
          )
        ).rows[0]!.count,
      );
    expect(await count()).toBe(0);
    await client.query(
      `insert into knowledge_chunk_vectors (chunk_id, institution_id, product_id, model, vector) values ($1, $2, $3, 'm', '\\x017f'::bytea)`,
      [chunk, institution, assistant],
    );
    await client.query(
      `insert into product_faq_vectors (faq_id, institution_id, product_id, model, vector) values ($1, $2, $3, 'm', '\\x017f'::bytea)`,
      [faq, institution, assistant],
    );
    expect(await count()).toBe(2);
    await client.query(`delete from knowledge_chunks where id = $1`, [chunk]);
    await client.query(`delete from product_faqs where id = $1`, [faq]);
    expect(await count()).toBe(0);
    await client.close();
  });
});
