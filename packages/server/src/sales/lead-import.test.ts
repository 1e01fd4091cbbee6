/**
 * The lead import's bounds through HTTP (PGlite and PostgreSQL): a header with blank or surplus
 * cells, too many rows and a row too long are refused whole, at once, a dry run too, while the
 * server keeps answering; a body between the JSON limit and the import's own 10 MB is read.
 */
import { LEAD_IMPORT_MAX_ROWS } from '@conversa/contract/records';
import { beforeAll, describe, expect, it } from 'vitest';
import { rateEvents } from '../db/schema';
import { leadImportLimit } from '../rate-limit/limits';
import { recordsServer } from '../testing/records.fixtures';

const { ctx, get, importLeads } = recordsServer();

const count = async () =>
  Number((await get(`lead?institution_product_id=${ctx.sales.id}`)).headers.get('x-pagination-total-count'));

describe('the lead import', () => {
  // From the sources, the CSV thread's script is bundled on its first use in the process: not timed.
  beforeAll(async () => {
    expect((await importLeads('Company,Contact,Budget\nA,B,1', '&dry_run=true')).status).toBe(200);
  });

  it('refuses a wide-header file in under a second while GET /api/health keeps answering', async () => {
    // About 100 KB: a header of 50,000 blank cells and 19,000 one-cell rows.
    const wide = `Company${','.repeat(50_000)}\n${'A\n'.repeat(19_000)}`;
    const started = performance.now();
    const importing = importLeads(wide);
    const health = await ctx.server.request('/api/health');
    expect(health.status).toBe(200);
    const answer = await importing;
    expect(performance.now() - started).toBeLessThan(1000);
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([
      {
        path: 'file',
        code: 'surplus_columns',
        message: 'The first line names a column twice or has more columns than a lead has.',
      },
    ]);
  });

  it('refuses blank and repeated header cells, in the reader language', async () => {
    const before = await count();
    const blank = await importLeads('Company,,Contact,Budget\nA,,B,1', '', { locale: 'es' });
    expect(blank.status).toBe(400);
    expect(blank.body.issues).toEqual([
      {
        path: 'file',
        code: 'blank_columns',
        message: 'Cada columna de la primera línea necesita un nombre.',
      },
    ]);
    const twice = await importLeads('Company,Contact,Empresa,Budget\nA,B,C,1');
    expect(twice.status).toBe(400);
    expect(twice.body.issues?.[0]?.code).toBe('surplus_columns');
    expect(await count()).toBe(before);
  });

  it(`refuses more than ${LEAD_IMPORT_MAX_ROWS} rows and a row too long, a dry run too`, async () => {
    const before = await count();
    const many = await importLeads(
      `Company,Contact,Budget\n${'A,B,1\n'.repeat(LEAD_IMPORT_MAX_ROWS + 1)}`,
      '&dry_run=true',
      { locale: 'es' },
    );
    expect(many.status).toBe(400);
    expect(many.body.issues).toEqual([
      {
        path: 'file',
        code: 'too_many_rows',
        message: 'Un archivo puede tener como máximo 20.000 filas. Divídelo en archivos más pequeños.',
      },
    ]);
    const long = await importLeads(`Company,Contact,Budget\nA,${'x'.repeat(100_000)},1\n`);
    expect(long.status).toBe(400);
    expect(long.body.issues).toEqual([
      { path: 'file', code: 'row_too_long', message: 'A row of the file is too long. Shorten its texts.' },
    ]);
    expect(await count()).toBe(before);
  });

  it(`reads a body between the JSON limit and 10 MB: ${LEAD_IMPORT_MAX_ROWS} rows, about 3 MB`, async () => {
    const rows = Array.from(
      { length: LEAD_IMPORT_MAX_ROWS },
      (_, i) => `Empresa ${i},Contacto ${i},${i},${'Nota larga. '.repeat(10)}`,
    );
    const csv = `Company,Contact,Budget,Notes\n${rows.join('\n')}\n`;
    expect(csv.length).toBeGreaterThan(2 * 1024 * 1024);
    const answer = await importLeads(csv, '&dry_run=true');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ imported: LEAD_IMPORT_MAX_ROWS, dry_run: true, refused: [] });
  });
});

describe('the lead import past its time budget', () => {
  const slow = recordsServer({ LEAD_IMPORT_TIME_BUDGET_MS: '1' });

  it('stops the reading with a clear error and writes nothing', async () => {
    // Reading and checking 20,000 rows takes far more than the millisecond allowed.
    const rows = 'A,B,1\n'.repeat(LEAD_IMPORT_MAX_ROWS);
    const answer = await slow.importLeads(`Company,Contact,Budget\n${rows}`, '', { locale: 'es' });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([
      {
        path: 'file',
        code: 'import_too_slow',
        message: 'El archivo tardó demasiado en leerse. Divídelo en archivos más pequeños.',
      },
    ]);
    const listed = await slow.get(`lead?institution_product_id=${slow.ctx.sales.id}`);
    expect(listed.headers.get('x-pagination-total-count')).toBe('0');
    // The stopped thread held nothing up: the next import (another server, its own budget) is read.
    const next = await importLeads('Company,Contact,Budget\nA,B,1', '&dry_run=true');
    expect(next.body.data).toEqual({ imported: 1, dry_run: true, refused: [] });
  });
});

describe('lead imports of one institution', () => {
  it('are limited per hour, dry runs too: a translated 429 before the file is read, nothing written', async () => {
    const before = await count();
    // The hour's earlier imports (in this process or another).
    const { key, max } = leadImportLimit(ctx.acme.institution.id);
    const at = ctx.server.clock.now();
    await ctx.server.database.db.insert(rateEvents).values(Array.from({ length: max }, () => ({ key, at })));
    for (const query of ['', '&dry_run=true']) {
      const answer = await importLeads('Company,Contact,Budget\nA,B,1', query, { locale: 'es' });
      expect(answer.status).toBe(429);
      expect(answer.body).toMatchObject({
        code: 'rate_limited',
        message: expect.stringMatching(/^Demasiados intentos/),
      });
      expect(answer.headers.get('retry-after')).not.toBeNull();
    }
    expect(await count()).toBe(before);
  });
});
