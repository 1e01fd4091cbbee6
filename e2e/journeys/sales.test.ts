// Issue 13 §4: a company's manager adds a seller's number to a sales-support assistant's allowed
// list and a lead field ('Budget') in the trainer; then the seller, on WhatsApp (signed webhook
// deliveries to the real server, replies to a local stand-in for Meta's Graph API), enters a lead,
// and `GET lead` returns it with the configured field.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Lead } from '../../packages/contract/src/records';
import type { Sent } from '../../packages/server/src/testing/whatsapp-peer';
import { textDelivery } from '../../packages/server/src/testing/whatsapp-peer';
import { signatureOf } from '../../packages/server/src/sales/whatsapp/signature';
import { PASSWORD } from '../lib/accounts';
import { api, seedInstitution, seedUser, type SeededUser } from '../lib/api';
import { connectBrowser } from '../lib/browser';
import { appUnderTest, checkPage, logIn, openTab, type AppTab } from '../lib/journey';

// The stack is shared with the other journeys: names and ids of its own.
const OWNER_EMAIL = 'ventas@muebles-rivera.example';
const PHONE_NUMBER_ID = '109988776655443';
const APP_SECRET = 'journey-app-secret-muebles-rivera';
const SELLER = '+34612340099';
const SELLER_WA = SELLER.slice(1);

describe('sales-support journey (en)', () => {
  let app: { url: string; dataDir: string };
  let graphUrl: string;
  let browser: Browser;
  let owner: SeededUser;
  let institution: number;
  let assistantId: number;
  const tabs: AppTab[] = [];
  let messages = 0;

  /** The replies the Graph API peer received for the seller so far. */
  const repliesToSeller = async () =>
    ((await (await fetch(`${graphUrl}/sent`)).json()) as Sent[])
      .filter((reply) => reply.body.to === SELLER_WA)
      .map((reply) => reply.body.text.body);

  /** The seller writes `text`; resolves to the replies it brought, once the last one arrived. */
  const sellerSays = async (text: string, replies = 1): Promise<string[]> => {
    const before = (await repliesToSeller()).length;
    messages += 1;
    const body = new TextEncoder().encode(
      textDelivery(`wamid.journey-${messages}`, SELLER_WA, text, 'text', PHONE_NUMBER_ID),
    );
    const delivered = await fetch(`${app.url}/api/whatsapp/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signatureOf(body, APP_SECRET) },
      body,
    });
    expect(delivered.status).toBe(200);
    await expect.poll(async () => (await repliesToSeller()).length).toBeGreaterThanOrEqual(before + replies);
    return (await repliesToSeller()).slice(before);
  };

  beforeAll(async () => {
    app = appUnderTest();
    graphUrl = inject('graphUrl');
    browser = await connectBrowser();
    owner = await seedUser(app.url, app.dataDir, {
      email: OWNER_EMAIL,
      password: PASSWORD,
      fullName: 'Rosa Rivera',
    });
    institution = await seedInstitution(app.url, owner.jwt, {
      name: 'Muebles Rivera',
      kind: 'business',
      country: 'ES',
    });
    const as = { token: owner.jwt, institution };
    assistantId = (
      await api<{ id: number }>(app.url, 'POST', '/institution-product', {
        ...as,
        body: { type: 'sales_support', name: 'Ventas Rivera' },
      })
    ).id;
    await api(app.url, 'PUT', `/institution-product/${assistantId}/whatsapp`, {
      ...as,
      body: {
        phone_number_id: PHONE_NUMBER_ID,
        access_token: 'EAAG-journey-token',
        app_secret: APP_SECRET,
        verify_token: 'journey-verify-token',
      },
    });
  });

  afterAll(async () => {
    for (const opened of tabs) await opened.context.close();
    await browser?.close();
  });

  test('an allowed number and a lead field set in the console; the seller enters a lead on WhatsApp', async () => {
    // Before the number is allowed, the seller is refused politely.
    const [refusal] = await sellerSays('Hola');
    expect(refusal).toMatch(/Ventas Rivera/);

    const tab = await openTab(browser, { language: 'en' });
    tabs.push(tab);
    const { page } = tab;
    await logIn(tab, app.url, OWNER_EMAIL, PASSWORD, 'en');

    // The allowed numbers, from the sales-support menu: the seller's number, typed as a Spanish
    // number without its prefix.
    const menu = page.getByRole('navigation', { name: 'Main' });
    const salesSupport = menu.getByRole('button', { name: /^Sales support/ });
    if ((await salesSupport.getAttribute('aria-expanded')) !== 'true') await salesSupport.click();
    await menu.getByRole('link', { name: 'Allowed numbers' }).click();
    await page.waitForURL(`**/sales-support/allowed-numbers/${assistantId}`);
    await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('612 34 00 99');
    await page.getByLabel(/^Seller name/).fill('Tomás Vidal');
    await page.getByRole('button', { name: 'Add number' }).click();
    await page.getByText('Phone number successfully added.').waitFor();
    await page.getByRole('cell', { name: SELLER, exact: true }).waitFor();
    await checkPage(tab, 'sales-allowed-numbers', 'en');

    // The trainer's Fields tab: a required number field on every lead.
    await menu.getByRole('link', { name: 'Trainer' }).click();
    await page.waitForURL(`**/sales-support/trainer/${assistantId}`);
    await page.getByRole('link', { name: 'Fields' }).click();
    await page.waitForURL(`**/sales-support/trainer/fields/${assistantId}`);
    const leads = page.getByRole('region', { name: 'Lead fields' });
    await leads.getByRole('button', { name: 'Add field' }).click();
    await leads.getByLabel(/^Label in English/).fill('Budget');
    await leads.getByLabel(/^Label in Spanish/).fill('Presupuesto');
    await leads.getByLabel(/^Type/).selectOption('number');
    await leads.getByLabel(/^Required/).check();
    expect(await leads.getByLabel(/^Key/).inputValue()).toBe('budget');
    await leads.getByRole('button', { name: 'Save lead fields' }).click();
    await page.getByText('Fields were successfully updated.').waitFor();
    await checkPage(tab, 'sales-trainer-fields', 'en');

    // The seller enters a lead in one message, is asked for the budget, and confirms.
    const asked = await sellerSays(
      'nuevo lead\nEmpresa: Hotel Las Dunas\nContacto: Marta Gil\nTeléfono: 655 11 22 33',
    );
    expect(asked.at(-1)).toMatch(/^\*Presupuesto\*/);
    // Two replies: the summary, then how to confirm (waiting for the first only read it alone).
    const summary = await sellerSays('12500', 2);
    expect(summary).toEqual([
      expect.stringMatching(/^\*Lead\*\n/),
      expect.stringMatching(/^Responde \*sí\* para guardarlo/),
    ]);
    expect(await sellerSays('sí')).toEqual(['Lead guardado. ¡Gracias!']);

    const leadsOf = await api<Lead[]>(app.url, 'GET', `/lead?institution_product_id=${assistantId}`, {
      token: owner.jwt,
      institution,
    });
    expect(leadsOf).toHaveLength(1);
    expect(leadsOf[0]).toMatchObject({
      seller: 'Tomás Vidal',
      seller_number: SELLER,
      company: 'Hotel Las Dunas',
      contact_name: 'Marta Gil',
      phone: '+34655112233',
      fields: { budget: 12500 },
    });

    // A question that is neither a lead nor an order: staff read it, and its answer, under the
    // sellers' questions of the allowed numbers, reached from the menu.
    const question = '¿Hacéis envíos a Canarias?';
    const [answer] = await sellerSays(question);
    await menu.getByRole('link', { name: 'Allowed numbers' }).click();
    await page.waitForURL(`**/sales-support/allowed-numbers/${assistantId}`);
    const sellerQuestions = page.getByRole('region', { name: "Sellers' questions" }).getByRole('list', {
      name: 'Question from Tomás Vidal',
    });
    await sellerQuestions.getByText(question).waitFor();
    await sellerQuestions.getByText(answer!.split('\n')[0]!).first().waitFor();
    await checkPage(tab, 'sales-seller-questions', 'en');
  });
});
