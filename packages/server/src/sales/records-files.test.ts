/**
 * Leads and orders as files through HTTP (PGlite and PostgreSQL): the CSV downloads (BOM, headers
 * in the reader's language, configured fields as columns, formulas neutralised, orders a row per
 * line) and the import of leads (the download's own file, good and refused rows, whole files
 * refused, dry runs).
 */
import { formatDateTime } from '@conversa/contract/date-format';
import type { Lead, Order } from '@conversa/contract/records';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { createMember } from '../testing/institutions.fixtures';
import { csvCells } from './records-csv';
import { recordsRepo } from './records.repo';
import { recordsServer } from '../testing/records.fixtures';

const { ctx, as, post, get, leads, lead, order, importLeads } = recordsServer();

describe('downloads', () => {
  /** The download: status, headers, and its text once its BOM (checked) is off. */
  const download = async (kind: string, query: string, locale = 'en') => {
    const response = await ctx.server.request(
      `/api/${kind}/download?institution_product_id=${ctx.sales.id}${query}`,
      { ...as(), locale },
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (response.status === 200) expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return {
      status: response.status,
      headers: response.headers,
      body: new TextDecoder().decode(bytes.slice(3)),
    };
  };
  const rowsOf = (text: string) => parse(text) as string[][];

  it('gives the filtered leads as CSV: BOM, headers in the reader language, fields as columns, formulas neutralised', async () => {
    await post(
      'lead',
      lead('=HYPERLINK("http://evil.example")', {
        notes: 'línea 1\n"citada", sí',
        fields: { budget: 1000, visit: '2026-12-03' },
      }),
    );
    const answer = await download('lead', '&tz=Europe/Madrid&sort=company', 'es');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="leads-\d+-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [headers, ...rows] = rowsOf(answer.body);
    expect(headers).toEqual([
      'ID',
      'Fecha',
      'Empresa',
      'Contacto',
      'Teléfono',
      'Correo electrónico',
      'Notas',
      'Vendedor',
      'Número del vendedor',
      'Presupuesto',
      'Visita',
    ]);
    const listed = (
      await get<Lead[]>(`lead?institution_product_id=${ctx.sales.id}&sort=company&per-page=100`)
    ).body.data;
    expect(rows.map((row) => row[0])).toEqual(listed.map((row) => String(row.id)));
    const evil = rows.find((row) => row[2]!.includes('HYPERLINK'))!;
    expect(evil[2]).toBe('\'=HYPERLINK("http://evil.example")');
    expect(evil[6]).toBe('línea 1\n"citada", sí');
    expect(evil[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    // The reader's time zone, as the console and the conversations' download write it.
    const created = listed.find((row) => String(row.id) === evil[0])!.created_at;
    expect(evil[1]).toBe(formatDateTime(created, 'Europe/Madrid'));
    expect(evil[9]).toBe('1000');
    expect(evil[10]).toBe('03/12/2026');
    const filtered = rowsOf((await download('lead', '&q=hyperlink')).body);
    expect(filtered[0]![1]).toBe('Date');
    expect(filtered).toHaveLength(2);
  });

  it('neutralises a formula after a separator or a line break, and quotes every field', async () => {
    await post('lead', lead('Semicolon;=WEBSERVICE("http://evil.example")', { notes: 'a\n-2+3,@x' }));
    const { body } = await download('lead', '&q=semicolon', 'es');
    const [, row] = rowsOf(body);
    expect(row![2]).toBe('Semicolon;\'=WEBSERVICE("http://evil.example")');
    expect(row![6]).toBe("a\n'-2+3,'@x");
    // Every field quoted, empty ones too (the phone, the email, the seller's number).
    expect(body).toMatch(/^"ID","Fecha",/);
    expect(body.split('\n')[1]).toMatch(
      /^"\d+","\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}","Semicolon;'=WEBSERVICE\(""/,
    );
    expect(body).toContain(',"",');
  });

  it('gives orders a row per line', async () => {
    const created = await post<Order>(
      'order',
      order('Bodegas Sol', [
        { product_code: 'B-1', product_description: 'Barrel', quantity: 2 },
        { product_code: '+B-2', quantity: 1.5 },
      ]),
    );
    const rows = rowsOf((await download('order', '&q=bodegas')).body).slice(1);
    expect(rows.map((row) => [row[0], row[3], row[4], row[5]])).toEqual([
      [String(created.body.data.id), 'B-1', 'Barrel', '2'],
      [String(created.body.data.id), "'+B-2", '', '1.5'],
    ]);
    // A reader without order.read gets none.
    const leadAgent = await createMember(ctx.server, ctx.acme.institution.id, 'lead_entry_agent');
    const refused = await ctx.server.call(`/api/order/download?institution_product_id=${ctx.sales.id}`, {
      token: leadAgent.token,
      institution: ctx.acme.institution.id,
    });
    expect(refused.status).toBe(403);
  });

  it("reads every record across chunks in the list's order, by date and by company", async () => {
    for (const company of ['b', 'A', 'c', 'a', 'B'])
      await post(
        'order',
        order(company, [
          { product_code: 'X', quantity: 1 },
          { product_code: 'Y', quantity: 2 },
        ]),
      );
    const repo = recordsRepo(ctx.server.database.db);
    const ref = { institutionId: ctx.acme.institution.id, assistantId: ctx.sales.id };
    for (const sort of ['date', 'company'] as const) {
      const filters = { institution_product_id: ctx.sales.id, from: null, to: null, tz: 'UTC' };
      const chunks: unknown[][][] = [];
      for await (const chunk of repo.stream(
        ref,
        'order',
        { ...filters, q: '', seller: '', company: '', sort },
        csvCells('order', [], 'UTC'),
        { first: 1, batch: 2 },
      ))
        chunks.push(JSON.parse(chunk) as unknown[][]);
      const listed = (
        await get<Order[]>(`order?institution_product_id=${ctx.sales.id}&sort=${sort}&per-page=100`)
      ).body.data;
      expect(listed.length).toBeGreaterThanOrEqual(6);
      // A chunk of one order, then chunks of two.
      const sizes = [1];
      for (let left = listed.length - 1; left > 0; left -= 2) sizes.push(Math.min(2, left));
      expect(chunks.map((chunk) => chunk.length)).toEqual(sizes);
      // An order's lines come as one cell (the fourth), spread into rows by the CSV thread.
      const rows = chunks
        .flat()
        .flatMap((order) => (order[3] as string[][]).map((line) => [order[0], line[0]]));
      expect(rows).toEqual(listed.flatMap((row) => row.lines.map((line) => [row.id, line.product_code])));
    }
  });
});

describe('import', () => {
  const importCsv = (csv: string | Uint8Array, query = '', name = 'leads.csv') =>
    importLeads(csv, query, { name });
  const count = async () =>
    Number(
      (await get(`lead?institution_product_id=${ctx.sales.id}`)).headers.get('x-pagination-total-count'),
    );

  it("takes back the download's own file, in Spanish headers; a dry run only reports", async () => {
    const before = await count();
    const response = await ctx.server.request(`/api/lead/download?institution_product_id=${ctx.sales.id}`, {
      ...as(),
      locale: 'es',
    });
    const file = new Uint8Array(await response.arrayBuffer());
    const checked = await importCsv(file, '&dry_run=true');
    expect(checked.status).toBe(200);
    expect(checked.body.data).toEqual({ imported: before, dry_run: true, refused: [] });
    expect(await count()).toBe(before);
    const imported = await importCsv(file);
    expect(imported.body.data).toMatchObject({ imported: before, dry_run: false });
    expect(await count()).toBe(2 * before);
    // The neutralised formula came back as it was typed.
    expect(await leads('&q=hyperlink')).toEqual([
      '=HYPERLINK("http://evil.example")',
      '=HYPERLINK("http://evil.example")',
    ]);
  });

  it('imports the good rows and reports each refused one with its line and reasons', async () => {
    const before = await count();
    const csv = [
      'Company,Contact,Email,Budget,Visita',
      'Good Co,Ana,ana@good.example,1500,01/12/2026',
      ',Nobody,,100,',
      'Bad Mail,Luis,not-an-email,100,',
      'Bad Budget,Eva,,a lot,',
      '"Quoted, Inc.",Pere,,7,2026-02-30',
    ].join('\n');
    const answer = await importCsv(csv);
    expect(answer.status).toBe(200);
    expect(answer.body.data.imported).toBe(1);
    expect(
      answer.body.data.refused.map(({ line, issues }) => [
        line,
        issues.map((issue) => `${issue.path}:${issue.code}`),
      ]),
    ).toEqual([
      [3, ['company:required']],
      [4, ['email:invalid_email']],
      [5, ['fields.budget:invalid_number']],
      [6, ['fields.visit:invalid_date']],
    ]);
    expect(await count()).toBe(before + 1);
    const [good] = (await get<Lead[]>(`lead?institution_product_id=${ctx.sales.id}&q=good%20co`)).body.data;
    expect(good).toMatchObject({
      contact_name: 'Ana',
      fields: { budget: 1500, visit: '2026-12-01' },
      seller: 'Rosa Rivera',
    });
  });

  it('refuses a whole file that is not CSV, has unknown columns, or is over 10 MB, writing nothing', async () => {
    const before = await count();
    const unknown = await importCsv('Company,Contact,Favourite colour\nA,B,blue');
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues).toEqual([
      { path: 'file', code: 'unknown_columns', message: 'Unknown columns: Favourite colour.' },
    ]);
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00, 0xff, 0xfe]);
    const renamed = await importCsv(zip, '', 'leads.csv');
    expect(renamed.status).toBe(415);
    expect(renamed.body.issues?.[0]?.code).toBe('csv_type');
    const huge = await importCsv(`Company,Contact\n${'A,B\n'.repeat(2_700_000)}`);
    expect(huge.status).toBe(413);
    expect(await count()).toBe(before);
  });
});
