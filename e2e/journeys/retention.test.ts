// Issue 36, a school's data in English on a desktop: the main member opens Data from the avatar
// menu and sets how long conversations are kept; finds a family by e-mail, downloads their data
// (the file holds their conversation) and erases it after a confirmation; then deletes an
// assistant from its trainer by typing its name. Axe and a screenshot on each page.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PASSWORD } from '../lib/accounts';
import { api, seedMainMember, type SeededUser } from '../lib/api';
import { connectBrowser } from '../lib/browser';
import { accountMenu, appUnderTest, checkPage, logIn, openTab, type AppTab } from '../lib/journey';

const MAIN_EMAIL = 'marta.main@colegio-datos.example';
const FAMILY_EMAIL = 'familia.lopez@example.com';

describe('retention journey (en, desktop)', () => {
  let app: { url: string; dataDir: string };
  let browser: Browser;
  let tab: AppTab;
  let owner: SeededUser;
  let institutionId: number;
  let conversationId: string;
  let doomedId: number;

  beforeAll(async () => {
    app = appUnderTest();
    browser = await connectBrowser();
    ({ owner, institutionId } = await seedMainMember(
      app.url,
      app.dataDir,
      { email: MAIN_EMAIL, password: PASSWORD, fullName: 'Marta Main' },
      { name: 'Colegio Datos', kind: 'school', country: 'ES' },
    ));
    // A family left their contact in the public chat.
    const session = await api<{ token: string; conversation_id: string }>(
      app.url,
      'POST',
      `/public/admissions/${institutionId}/session`,
    );
    conversationId = session.conversation_id;
    await api(app.url, 'POST', `/public/conversation/${conversationId}/contact`, {
      token: session.token,
      body: { name: 'Familia López', email: FAMILY_EMAIL, consent: true },
    });
    // A second assistant, to delete.
    const doomed = await api<{ id: number }>(app.url, 'POST', '/institution-product', {
      token: owner.jwt,
      institution: institutionId,
      body: { type: 'admission', name: 'Jornadas 2025' },
    });
    doomedId = doomed.id;
    tab = await openTab(browser, { language: 'en' });
  });

  afterAll(async () => {
    await tab?.context.close();
    await browser?.close();
  });

  test('sets how long conversations are kept from the Data page', async () => {
    const { page } = tab;
    await logIn(tab, app.url, MAIN_EMAIL, PASSWORD, 'en');
    await accountMenu(tab, 'Data', 'en');
    await page.waitForURL('**/data');
    await page.getByRole('heading', { level: 1, name: 'Data' }).waitFor();
    await page.getByLabel(/^Conversations/).fill('365');
    await page.getByRole('button', { name: 'Save periods' }).click();
    await expect.poll(() => page.getByText('The periods were saved.').isVisible()).toBe(true);
    await checkPage(tab, 'data', 'en');
    const retention = await api<{ conversations_days: number | null }>(
      app.url,
      'GET',
      `/institution/${institutionId}/retention`,
      { token: owner.jwt },
    );
    expect(retention.conversations_days).toBe(365);
  });

  test("downloads a family's data, then erases it", async () => {
    const { page } = tab;
    const person = page.getByRole('region', { name: "One person's data" });
    await person.getByLabel(/^E-mail/).fill(FAMILY_EMAIL);
    await person.getByRole('button', { name: 'Search' }).click();
    const held = person.getByRole('list', { name: 'What is held' });
    await expect.poll(() => held.getByText('Contacts left in the chat: 1').isVisible()).toBe(true);
    await checkPage(tab, 'data-person', 'en');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      person.getByRole('button', { name: 'Download their data' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('person-export.json');
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const exported = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      conversations: { id: string }[];
    };
    expect(exported.conversations.map((c) => c.id)).toEqual([conversationId]);

    await person.getByRole('button', { name: 'Erase their data' }).click();
    const dialog = page.getByRole('dialog', { name: "Erase this person's data?" });
    await dialog.getByRole('button', { name: 'Erase' }).click();
    await expect.poll(() => page.getByText('Their data was erased.').isVisible()).toBe(true);
    await expect.poll(() => held.getByText('Conversations: 0').isVisible()).toBe(true);
  });

  test('deletes an assistant from its trainer by typing its name', async () => {
    const { page } = tab;
    const nav = page.getByRole('navigation', { name: 'Main' }).first();
    const group = nav.locator('li', { has: page.getByRole('button', { name: /Jornadas 2025/ }) }).first();
    await group.getByRole('button', { name: /Jornadas 2025/ }).click();
    await group.getByRole('link', { name: 'Trainer' }).click();
    await page.waitForURL(new RegExp(`/pre-sales/trainer/${doomedId}$`));
    await page.getByRole('button', { name: 'Delete assistant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the assistant Jornadas 2025?' });
    const confirm = dialog.getByRole('button', { name: 'Delete assistant' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type Jornadas 2025 to confirm').fill('Jornadas 2025');
    await checkPage(tab, 'delete-assistant', 'en');
    await confirm.click();
    await expect.poll(() => page.getByText('Jornadas 2025 was deleted.').isVisible()).toBe(true);
    const left = await api<{ id: number }[]>(app.url, 'GET', `/institution/${institutionId}/product`, {
      token: owner.jwt,
    });
    expect(left.map((row) => row.id)).not.toContain(doomedId);
  });
});
