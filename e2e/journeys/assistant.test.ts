// Issue 4 §6: a school owner creates an assistant with the setup wizard, uploads a real PDF in its
// Knowledge Base and sees it become ready without reloading (server-sent events), adds an FAQ,
// publishes it, and a visitor asks through the public chat API: the answer streams and cites the
// document, and the FAQ wins for its own question.
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fixturePath } from '../../packages/server/src/testing/fixtures-dir';
import { PASSWORD } from '../lib/accounts';
import { api, seedInstitution, seedUser, type SeededUser } from '../lib/api';
import { connectBrowser } from '../lib/browser';
import { accountMenu, appUnderTest, checkPage, logIn, openTab, pathOf, type AppTab } from '../lib/journey';

// The stack is shared with the other journeys (the admin one searches institutions): names of its own.
const OWNER_EMAIL = 'owner@colegio-margarita.example';
const PDF = 'latin_diacritics_1page.pdf';

/** One server-sent event of the chat. */
interface ChatEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Asks the public chat; resolves to the events of the streamed answer, in order. */
async function ask(base: string, conversation: { token: string; id: string }, text: string) {
  const response = await fetch(`${base}/api/public/conversation/${conversation.id}/message`, {
    method: 'POST',
    headers: { authorization: `Bearer ${conversation.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: ChatEvent[] = [];
  for (const block of (await response.text()).split('\n\n')) {
    const event = /^event: ?(.*)$/m.exec(block)?.[1];
    const data = /^data: ?(.*)$/m.exec(block)?.[1];
    if (event && data) events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
  }
  return events;
}

describe('assistant journey (en)', () => {
  let app: { url: string; dataDir: string };
  let browser: Browser;
  let owner: SeededUser;
  let institutionId: number;
  let tab: AppTab;

  beforeAll(async () => {
    app = appUnderTest();
    browser = await connectBrowser();
    owner = await seedUser(app.url, app.dataDir, {
      email: OWNER_EMAIL,
      password: PASSWORD,
      fullName: 'Marta Margarita',
    });
    institutionId = await seedInstitution(app.url, owner.jwt, {
      name: 'Colegio Margarita',
      kind: 'school',
      country: 'ES',
    });
    tab = await openTab(browser, { language: 'en' });
  });

  afterAll(async () => {
    await tab?.context.close();
    await browser?.close();
  });

  test('creates an assistant, trains it with a PDF and an FAQ, and it answers citing the document', async () => {
    const { page } = tab;
    await logIn(tab, app.url, OWNER_EMAIL, PASSWORD, 'en');

    // The setup wizard: a school has one type, so it starts at the name.
    await page.getByRole('link', { name: 'New assistant' }).click();
    await page.waitForURL('**/setup-assistant');
    await page.getByRole('heading', { level: 2, name: 'Step 1 of 5: Name' }).waitFor();
    await checkPage(tab, 'setup-assistant-name', 'en');
    await page.getByLabel(/^Assistant name/).fill('Admisiones Margarita');
    await page.getByRole('button', { name: 'Create the assistant' }).click();
    await page.getByText('Name was successfully created.').waitFor();
    await page.getByRole('heading', { level: 2, name: 'Step 2 of 5: Logo' }).waitFor();
    await page.getByRole('button', { name: 'Continue without a logo' }).click();
    await page.getByRole('heading', { level: 2, name: 'Step 3 of 5: Suggested questions' }).waitFor();
    await page.getByLabel('Question 1', { exact: true }).fill('What is the façade like?');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 2, name: 'Step 4 of 5: Knowledge' }).waitFor();
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.getByRole('heading', { level: 2, name: 'Step 5 of 5: Done' }).waitFor();
    await page.getByRole('button', { name: 'Open the trainer' }).click();
    await page.waitForURL(/\/pre-sales\/trainer\/\d+$/);
    const assistantId = Number(/(\d+)$/.exec(pathOf(page))?.[1]);
    await page.getByRole('heading', { level: 1, name: 'Admisiones Margarita' }).waitFor();
    await checkPage(tab, 'trainer-overview', 'en');

    // Knowledge Base: the PDF goes processing → ready on its own (no reload, no polling).
    await page.getByRole('link', { name: 'Knowledge Base' }).first().click();
    await page.waitForURL(`**/pre-sales/trainer/knowledge-base/${assistantId}`);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    await page.getByTestId('file-input').setInputFiles({
      name: PDF,
      mimeType: 'application/pdf',
      buffer: readFileSync(fixturePath('documents', PDF)),
    });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const row = page.getByRole('row', { name: new RegExp(PDF.replace('.', '\\.')) });
    await row.waitFor();
    await row.getByText('All set! Your file is ready to use').waitFor({ timeout: 30_000 });
    expect(navigations, 'the page did not reload').toEqual([]);
    await checkPage(tab, 'trainer-knowledge-base', 'en');

    // FAQs: one question and its answer.
    await page.getByRole('link', { name: 'FAQs' }).first().click();
    await page.waitForURL(`**/pre-sales/trainer/faqs/${assistantId}`);
    await page.getByRole('button', { name: 'Add FAQ' }).click();
    await page
      .getByLabel(/^Question/)
      .last()
      .fill('When are the open days?');
    await page
      .getByLabel(/^Answer/)
      .last()
      .fill('Open days are every Tuesday in March, from 10:00 to 12:00.');
    await page.getByRole('button', { name: 'Save FAQs' }).click();
    await page.getByText('FAQ was successfully updated.').waitFor();
    await checkPage(tab, 'trainer-faqs', 'en');

    // Publish: the school's first assistant holds the public page until its link is switched off.
    const [first] = await api<{ id: number }[]>(app.url, 'GET', `/institution/${institutionId}/product`, {
      token: owner.jwt,
    });
    expect(first?.id).not.toBe(assistantId);
    const answer = await fetch(`${app.url}/api/institution-product/${first!.id}`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${owner.jwt}`,
        'x-institution-id': String(institutionId),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ public_link_active: false }),
    });
    expect(answer.status).toBe(200);

    // A visitor asks through the public chat API.
    const assistant = await api<{ name: string; suggested_questions: string[]; active: boolean }>(
      app.url,
      'GET',
      `/public/admissions/${institutionId}`,
    );
    expect(assistant).toMatchObject({
      name: 'Admisiones Margarita',
      suggested_questions: ['What is the façade like?'],
      active: true,
    });
    const session = await api<{ token: string; conversation_id: string }>(
      app.url,
      'POST',
      `/public/admissions/${institutionId}/session`,
    );
    const conversation = { token: session.token, id: session.conversation_id };

    const fromDocument = await ask(app.url, conversation, 'Is there a jalapeño on the façade?');
    const names = fromDocument.map((e) => e.event);
    expect(names.filter((n) => n === 'token').length).toBeGreaterThan(0);
    expect(names.slice(-2)).toEqual(['sources', 'done']);
    const text = fromDocument
      .filter((e) => e.event === 'token')
      .map((e) => e.data.text)
      .join('');
    expect(text).toContain('jalapeño');
    expect(fromDocument.find((e) => e.event === 'sources')?.data.sources).toContainEqual(
      expect.objectContaining({ kind: 'file', title: PDF }),
    );

    const fromFaq = await ask(app.url, conversation, 'When are the open days?');
    expect(
      fromFaq
        .filter((e) => e.event === 'token')
        .map((e) => e.data.text)
        .join(''),
    ).toContain('every Tuesday in March');
    expect(fromFaq.find((e) => e.event === 'sources')?.data.sources).toContainEqual(
      expect.objectContaining({ kind: 'faq', title: 'When are the open days?' }),
    );

    // The conversation is stored: both questions and both answers.
    const stored = await api<{ messages: { role: string }[] }>(
      app.url,
      'GET',
      `/public/conversation/${conversation.id}`,
      { token: conversation.token },
    );
    expect(stored.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });

  test("sets the school's logo from the account menu: the sidebar shows it, and the public page's header", async () => {
    const { page } = tab;
    await accountMenu(tab, 'About your school', 'en');
    await page.waitForURL('**/profile/about-your-school');
    await expect.poll(() => page.getByText('No logo yet.').isVisible()).toBe(true);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    await page
      .getByTestId('logo-input')
      .setInputFiles({ name: 'crest.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.getByText('Update successfully.').isVisible()).toBe(true);
    const logo = page
      .getByRole('navigation', { name: 'Main' })
      .first()
      .locator('img[src*="/api/public/logo/"]');
    await expect.poll(() => logo.count()).toBe(1);
    await checkPage(tab, 'about-school-logo', 'en');

    // The assistant has no logo of its own: the public page shows the school's.
    const shown = await api<{ logo: string | null }>(app.url, 'GET', `/public/admissions/${institutionId}`);
    expect(shown.logo).toBe(await logo.getAttribute('src'));

    // Opened from the trainer's share card, the public page's header shows the school's logo, and
    // the page welcomes in the school's name with the assistant's suggested question to ask.
    await page
      .getByRole('navigation', { name: 'Main' })
      .first()
      .getByRole('link', { name: 'Trainer' })
      .first()
      .click();
    await page.waitForURL(/\/pre-sales\/trainer\/\d+$/);
    const [publicPage] = await Promise.all([
      tab.context.waitForEvent('page'),
      page.getByRole('link', { name: /Open the public chat/ }).click(),
    ]);
    await publicPage!.waitForLoadState();
    const header = publicPage!.locator('header img.cv-logo');
    await expect.poll(() => header.getAttribute('src')).toBe(shown.logo);
    await publicPage!.getByRole('button', { name: 'What is the façade like?' }).waitFor();
    await publicPage!.close();
  });
});
