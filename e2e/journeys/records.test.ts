// Issue 14 §3: a company's manager works the sales-support records in the console. Leads entered on
// different days are filtered by a date range typed and picked on the calendar; a lead's card has its
// notes corrected (kept after a reload, in the history); two orders are deleted in bulk after the
// confirmation; both CSV downloads hold the expected rows; an order's details show its lines.
//
// The API stamps a record with the moment it arrives, so this journey has a server of its own: seeded
// through the API, stopped, its records moved to other days in its database, and started again.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Lead, Order, OrderBody } from '../../packages/contract/src/records';
import { redateRecords } from '../../packages/server/src/testing/records-dates';
import { PASSWORD } from '../lib/accounts';
import { api, seedInstitution, seedUser, type SeededUser } from '../lib/api';
import { startAppServer, type AppServer } from '../lib/app-server';
import { connectBrowser } from '../lib/browser';
import { appUnderTest, checkPage, logIn, openTab, pathOf, type AppTab } from '../lib/journey';
import { nextMail, outboxMark } from '../lib/outbox';

const OWNER_EMAIL = 'compras@distribuciones-ortega.example';
const OWNER_NAME = 'Inés Ortega';
const AGENT_EMAIL = 'luis.vera@distribuciones-ortega.example';

/** The leads, with the day each was entered (noon UTC: that day for a browser within 11 hours of UTC). */
const LEADS = [
  { company: 'Hotel Las Dunas', contact_name: 'Marta Gil', phone: '655 11 22 33', day: '2026-03-02' },
  { company: 'Café Marítimo', contact_name: 'Jorge Ruiz', notes: 'Call after 17:00', day: '2026-03-10' },
  {
    company: 'Restaurante El Faro',
    contact_name: 'Lucía Prieto',
    email: 'lucia@elfaro.example',
    day: '2026-03-20',
  },
  // Entered today.
  { company: 'Bodegas Lara', contact_name: 'Ana Lara', day: null },
] as const;
const NEW_NOTES = 'Wants a quote for 40 chairs before April';

/** The orders, oldest first; the first two are deleted. */
const ORDERS: Omit<OrderBody, 'institution_product_id'>[] = [
  {
    company: 'Hotel Las Dunas',
    lines: [
      { product_code: 'TOA-200', product_description: 'Bath towel', quantity: 40 },
      { product_code: 'SAB-150', product_description: 'Sheet 150 cm', quantity: 25 },
    ],
  },
  {
    company: 'Café Marítimo',
    lines: [{ product_code: 'TAZ-01', product_description: 'Cup', quantity: 120 }],
  },
  {
    company: 'Restaurante El Faro',
    notes: 'Deliver on Monday',
    lines: [
      { product_code: 'MAN-5', product_description: 'Tablecloth', quantity: 30 },
      { product_code: 'SER-2', product_description: 'Napkin', quantity: 300 },
      { product_code: 'VAS-7', product_description: null, quantity: 200 },
    ],
  },
  {
    company: 'Bodegas Lara',
    lines: [{ product_code: 'COP-9', product_description: 'Wine glass', quantity: 48 }],
  },
];

/** The rows of a table whose body cells are shown, as their text. */
const rowTexts = (table: Locator) =>
  table
    .getByRole('row')
    .filter({ has: table.page().getByRole('cell') })
    .allInnerTexts();

/** The companies of `companies` a table's rows show, in the rows' order. */
const companiesIn = async (table: Locator, companies: readonly string[]) =>
  (await rowTexts(table)).map((text) => companies.find((company) => text.includes(company)) ?? text);

/** Clicks `button` and resolves to the file the browser saved: its name and bytes. */
async function downloadFrom(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  // Over the remote connection the file is read as a stream (its path is on the browser's side).
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
}

/** A CSV download's header and rows; it must start with the UTF-8 BOM. */
function csvOf(bytes: Buffer): string[][] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(bytes.subarray(3).toString('utf8')) as string[][];
}

describe('sales-support records journey (en)', () => {
  let dataDir: string;
  let server: AppServer | null = null;
  let browser: Browser;
  let owner: SeededUser;
  let institution: number;
  let assistantId: number;
  const leadIds: number[] = [];
  const orderIds: number[] = [];
  const tabs: AppTab[] = [];

  beforeAll(async () => {
    // The shared stack must be there (the build); this journey starts the same build on its own DATA_DIR.
    appUnderTest();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'conversa-e2e-records-'));
    server = await startAppServer({}, dataDir);
    owner = await seedUser(server.url, dataDir, {
      email: OWNER_EMAIL,
      password: PASSWORD,
      fullName: OWNER_NAME,
    });
    institution = await seedInstitution(server.url, owner.jwt, {
      name: 'Distribuciones Ortega',
      kind: 'business',
      country: 'ES',
    });
    const as = { token: owner.jwt, institution };
    assistantId = (
      await api<{ id: number }>(server.url, 'POST', '/institution-product', {
        ...as,
        body: { type: 'sales_support', name: 'Ventas Ortega' },
      })
    ).id;
    for (const { day: _day, ...lead } of LEADS) {
      const body = { institution_product_id: assistantId, ...lead };
      leadIds.push((await api<Lead>(server.url, 'POST', '/lead', { ...as, body })).id);
    }
    for (const order of ORDERS) {
      const body = { institution_product_id: assistantId, ...order };
      orderIds.push((await api<Order>(server.url, 'POST', '/order', { ...as, body })).id);
    }
    await server.stop();
    server = null;
    const dates = new Map<number, Date>();
    LEADS.forEach(({ day }, index) => {
      if (day) dates.set(leadIds[index]!, new Date(`${day}T12:00:00Z`));
    });
    await redateRecords(dataDir, dates);
    server = await startAppServer({}, dataDir);
    browser = await connectBrowser();
  });

  afterAll(async () => {
    for (const opened of tabs) await opened.context.close();
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('leads filtered by date, a note corrected, two orders deleted, both CSVs, an order’s lines', async () => {
    const url = server!.url;
    const as = { token: owner.jwt, institution };
    const companies = LEADS.map((lead) => lead.company);
    const tab = await openTab(browser, { language: 'en' });
    tabs.push(tab);
    const { page } = tab;
    await logIn(tab, url, OWNER_EMAIL, PASSWORD, 'en');

    // Leads, from the side menu (the assistant's group opened first): all four, newest first.
    const menu = page.getByRole('navigation', { name: 'Main' });
    const group = menu.getByRole('button', { name: /, Ventas Ortega$/ });
    await group.click();
    await expect.poll(() => group.getAttribute('aria-expanded')).toBe('true');
    await menu.getByRole('link', { name: 'Leads', exact: true }).click();
    await page.waitForURL(`**/sales-support/leads/${assistantId}`);
    const leads = page.getByRole('table', { name: 'Leads' });
    await expect
      .poll(() => companiesIn(leads, companies))
      .toEqual(['Bodegas Lara', 'Restaurante El Faro', 'Café Marítimo', 'Hotel Las Dunas']);
    await page.getByText('4 leads', { exact: true }).waitFor();
    await checkPage(tab, 'sales-leads', 'en');

    // A range typed from the keyboard, its end picked on the calendar (it opens on the start's month).
    await page.getByRole('textbox', { name: 'Start date' }).click();
    await page.keyboard.type('05/03/2026');
    await page.getByRole('button', { name: 'Choose the end date on a calendar' }).click();
    const calendar = page.getByRole('dialog', { name: 'Choose the end date on a calendar' });
    await calendar.getByRole('button', { name: /^15 March 2026/ }).click();
    await expect.poll(() => calendar.count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'End date' }).inputValue()).toBe('15/03/2026');
    await expect.poll(() => companiesIn(leads, companies)).toEqual(['Café Marítimo']);
    await page.getByText('1 lead', { exact: true }).waitFor();

    // An earlier start, retyped: the lead of 2 March comes in.
    await page.getByRole('textbox', { name: 'Start date' }).click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('01/03/2026');
    await expect.poll(() => companiesIn(leads, companies)).toEqual(['Café Marítimo', 'Hotel Las Dunas']);
    await page.getByText('2 leads', { exact: true }).waitFor();
    await checkPage(tab, 'sales-leads-filtered', 'en');

    // The lead card, from its row; its notes corrected and saved.
    const cafe = leadIds[1]!;
    await leads.getByRole('row').filter({ hasText: 'Café Marítimo' }).getByRole('link').click();
    await page.waitForURL(`**/sales-support/lead/${assistantId}/card/${cafe}`);
    await page.getByRole('heading', { level: 1, name: 'Lead: Café Marítimo' }).waitFor();
    const notes = page.getByRole('textbox', { name: 'Notes', exact: true });
    await expect.poll(() => notes.inputValue()).toBe('Call after 17:00');
    await notes.fill(NEW_NOTES);
    await page.getByRole('button', { name: /^Save( notes)?$/ }).click();
    await page.getByText('Update successfully.').waitFor();

    // After a reload: the new notes, and the change in the history with its author.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Lead: Café Marítimo' }).waitFor();
    await expect.poll(() => notes.inputValue()).toBe(NEW_NOTES);
    const history = page.getByRole('table', { name: 'History' });
    await expect
      .poll(() => rowTexts(history))
      .toEqual([
        expect.stringMatching(/Inés Ortega\s+Entered/),
        expect.stringMatching(/Inés Ortega\s+notes/),
      ]);
    await checkPage(tab, 'sales-lead-card', 'en');
    expect((await api<Lead>(url, 'GET', `/lead/${cafe}`, as)).notes).toBe(NEW_NOTES);

    // Orders: the two oldest selected and deleted, after the confirmation.
    await menu.getByRole('link', { name: 'Orders', exact: true }).click();
    await page.waitForURL(`**/sales-support/orders/${assistantId}`);
    const orders = page.getByRole('table', { name: 'Orders' });
    const orderCompanies = ORDERS.map((order) => order.company);
    await expect
      .poll(() => companiesIn(orders, orderCompanies))
      .toEqual(['Bodegas Lara', 'Restaurante El Faro', 'Café Marítimo', 'Hotel Las Dunas']);
    await page.getByRole('checkbox', { name: /^Select Hotel Las Dunas, / }).check();
    await page.getByRole('checkbox', { name: /^Select Café Marítimo, / }).check();
    await page.getByText('2 orders selected', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete 2 orders?' });
    await confirm.getByText('This cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Delete successfully.').waitFor();
    await expect
      .poll(() => companiesIn(orders, orderCompanies))
      .toEqual(['Bodegas Lara', 'Restaurante El Faro']);
    await page.getByText('2 orders', { exact: true }).waitFor();
    const left = await api<Order[]>(url, 'GET', `/order?institution_product_id=${assistantId}`, as);
    expect(left.map((order) => order.id).sort()).toEqual([orderIds[2], orderIds[3]].sort());
    await checkPage(tab, 'sales-orders', 'en');

    // The orders' CSV: a row per line of the orders left, none of the deleted ones.
    const orderFile = await downloadFrom(page, page.getByRole('button', { name: 'Download CSV' }));
    expect(orderFile.name).toMatch(/\.csv$/);
    const [orderHeader, ...orderRows] = csvOf(orderFile.bytes);
    expect(orderHeader).toEqual([
      'Order',
      'Date',
      'Company',
      'Product code',
      'Description',
      'Quantity',
      'Notes',
      'Seller',
      'Seller number',
    ]);
    expect(
      orderRows.map(([id, , company, code, description, quantity, note, seller, number]) => [
        Number(id),
        company,
        code,
        description,
        quantity,
        note,
        seller,
        number,
      ]),
    ).toEqual([
      [orderIds[3], 'Bodegas Lara', 'COP-9', 'Wine glass', '48', '', OWNER_NAME, ''],
      [orderIds[2], 'Restaurante El Faro', 'MAN-5', 'Tablecloth', '30', 'Deliver on Monday', OWNER_NAME, ''],
      [orderIds[2], 'Restaurante El Faro', 'SER-2', 'Napkin', '300', 'Deliver on Monday', OWNER_NAME, ''],
      [orderIds[2], 'Restaurante El Faro', 'VAS-7', '', '200', 'Deliver on Monday', OWNER_NAME, ''],
    ]);
    expect(tab.problems.take()).toEqual([]);

    // The leads' CSV, unfiltered: every lead on its day, the corrected notes, the phone in E.164 (its
    // '+' behind an apostrophe, so that a spreadsheet does not read it as a formula).
    await menu.getByRole('link', { name: 'Leads', exact: true }).click();
    await page.waitForURL(`**/sales-support/leads/${assistantId}`);
    await expect.poll(() => companiesIn(leads, companies)).toHaveLength(4);
    const leadFile = await downloadFrom(page, page.getByRole('button', { name: 'Download CSV' }));
    expect(leadFile.name).toMatch(/\.csv$/);
    const [leadHeader, ...leadRows] = csvOf(leadFile.bytes);
    expect(leadHeader).toEqual([
      'ID',
      'Date',
      'Company',
      'Contact',
      'Phone',
      'Email',
      'Notes',
      'Seller',
      'Seller number',
    ]);
    const today = new Intl.DateTimeFormat('en-GB').format(new Date());
    expect(leadRows.map(([id, date, ...rest]) => [Number(id), date!.slice(0, 10), ...rest])).toEqual([
      [leadIds[3], today, 'Bodegas Lara', 'Ana Lara', '', '', '', OWNER_NAME, ''],
      [
        leadIds[2],
        '20/03/2026',
        'Restaurante El Faro',
        'Lucía Prieto',
        '',
        'lucia@elfaro.example',
        '',
        OWNER_NAME,
        '',
      ],
      [leadIds[1], '10/03/2026', 'Café Marítimo', 'Jorge Ruiz', '', '', NEW_NOTES, OWNER_NAME, ''],
      [leadIds[0], '02/03/2026', 'Hotel Las Dunas', 'Marta Gil', "'+34655112233", '', '', OWNER_NAME, ''],
    ]);
    expect(tab.problems.take()).toEqual([]);

    // An order's details, from its row: its lines.
    await menu.getByRole('link', { name: 'Orders', exact: true }).click();
    await page.waitForURL(`**/sales-support/orders/${assistantId}`);
    await orders.getByRole('row').filter({ hasText: 'Restaurante El Faro' }).getByRole('link').click();
    await page.waitForURL(`**/sales-support/order/${assistantId}/details/${orderIds[2]}`);
    expect(pathOf(page)).toBe(`/sales-support/order/${assistantId}/details/${orderIds[2]}`);
    await page.getByRole('heading', { level: 1, name: 'Order details: Restaurante El Faro' }).waitFor();
    const lines = page.getByRole('table', { name: 'Lines' });
    await expect
      .poll(() => rowTexts(lines))
      .toEqual([
        expect.stringMatching(/^MAN-5\s+Tablecloth\s+30$/),
        expect.stringMatching(/^SER-2\s+Napkin\s+300$/),
        expect.stringMatching(/^VAS-7\s+—\s+200$/),
      ]);
    await checkPage(tab, 'sales-order-details', 'en');
  });

  test('a lead-entry agent starts on Leads, the only entry of their menu', async () => {
    const url = server!.url;
    const agent = await seedUser(url, dataDir, {
      email: AGENT_EMAIL,
      password: PASSWORD,
      fullName: 'Luis Vera',
    });
    const seen = await outboxMark(dataDir);
    await api(url, 'POST', `/institution/${institution}/invitation`, {
      token: owner.jwt,
      institution,
      body: { email: AGENT_EMAIL, role: 'lead_entry_agent' },
    });
    const mail = await nextMail(dataDir, AGENT_EMAIL, seen, (sent) => /\/join\?token=/.test(sent.text));
    const invitation = /\/join\?token=([\w-]+)/.exec(mail.text)![1]!;
    await api(url, 'POST', `/invitation/${invitation}/accept`, { token: agent.jwt });

    const tab = await openTab(browser, { language: 'en' });
    tabs.push(tab);
    const { page } = tab;
    await logIn(tab, url, AGENT_EMAIL, PASSWORD, 'en', `**/sales-support/leads/${assistantId}`);
    const menu = page.getByRole('navigation', { name: 'Main' });
    const group = menu.getByRole('button', { name: /, Ventas Ortega$/ });
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await expect.poll(() => group.getAttribute('aria-expanded')).toBe('true');
    const links = page.locator(`#${await group.getAttribute('aria-controls')}`).getByRole('link');
    await expect.poll(() => links.allTextContents()).toEqual(['Leads']);
    await page.getByRole('table', { name: 'Leads' }).waitFor();
    await checkPage(tab, 'sales-lead-entry-agent-home', 'en');
  });
});
