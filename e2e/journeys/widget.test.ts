// Issue 5 §6: a school pastes the embed snippet, exactly as Share your assistant gives it, into a
// plain website on another origin. The launcher shows while a slow photo still holds `window.load`;
// the chat opens (mouse and keyboard), answers a suggested question with a streamed answer and its
// sources, offers the handoff card, keeps focus where it belongs and survives a reload; the guest token
// stays in the frame and is refused on staff routes; the full public page works in English and
// Spanish; axe finds nothing serious; a phone gets the chat full screen; and an inactive link shows
// the docs/product.md#states text. (Security: postMessage, allowed origins and XSS are in widget-security.test.ts.)
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatViolations, axeSerious } from '../lib/axe';
import { connectBrowser } from '../lib/browser';
import { appUnderTest, openTab, type AppTab } from '../lib/journey';
import { artifactsDir } from '../lib/paths';
import {
  chatFrameOf,
  chatOf,
  chatState,
  expectInputFocused,
  launcherOf,
  seedAssistant,
  serveExample,
  updateAssistant,
  type ExampleSite,
  type SeededAssistant,
} from '../lib/widget';

// The stack is shared with the other journeys: names and e-mails of its own.
const NAME = 'Admisiones Rosales';
const QUESTION = 'When do applications open?';
const ANSWER = 'Applications open on **15 January** and close on 31 March.';
const COLOR = '#0f766e';
const GREETING = 'Hello! Ask me about admissions.';
const INACTIVE = 'Nothing here yet. The chat link is inactive - please contact your institution';

/** The page as a screenshot under artifacts/<language>/, and axe on it (iframes apart): nothing serious. */
async function checkHost(page: Page, name: string, language: 'en' | 'es') {
  const dir = path.join(artifactsDir, language);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
  const violations = await axeSerious(page, { iframes: false });
  expect(violations.length, `axe on ${name} (${language}):\n${formatViolations(violations)}`).toBe(0);
}

/** axe on the chat frame's own document. */
async function checkFrame(page: Page, name: string, language: 'en' | 'es') {
  const frame = await chatFrameOf(page);
  const violations = await axeSerious(frame);
  expect(violations.length, `axe on ${name} (${language}):\n${formatViolations(violations)}`).toBe(0);
  expect(await frame.evaluate(() => document.documentElement.lang), `<html lang> of ${name}`).toBe(language);
}

/** Opens the example page without waiting for `window.load` (the photo holds it on purpose). */
async function openSite(page: Page, site: ExampleSite) {
  await page.goto(site.url, { waitUntil: 'domcontentloaded' });
  await launcherOf(page).waitFor();
}

describe('widget journey', () => {
  let app: { url: string; dataDir: string };
  let browser: Browser;
  let school: SeededAssistant;
  let site: ExampleSite;
  const tabs: AppTab[] = [];
  /** The owner's credentials on the school's staff routes. */
  const staff = () => ({ token: school.owner.jwt, institution: school.institutionId });

  /** A fresh tab (own storage and HTTP cache), closed after the file. */
  const tab = async (options: Parameters<typeof openTab>[1] = {}) => {
    const opened = await openTab(browser, options);
    tabs.push(opened);
    return opened;
  };

  beforeAll(async () => {
    app = appUnderTest();
    browser = await connectBrowser();
    school = await seedAssistant(app.url, app.dataDir, {
      email: 'owner@colegio-rosales.example',
      fullName: 'Rosa Rosales',
      school: 'Colegio Rosales',
      settings: {
        name: NAME,
        suggested_questions: [QUESTION],
        handoff: {
          name: 'Ana Admissions',
          email: 'admissions@colegio-rosales.example',
          hours: 'Mon-Fri 9-17',
        },
        snippet: { color: COLOR, position: 'left', greeting: GREETING },
      },
      faqs: [{ question: QUESTION, answer: ANSWER }],
    });
    // The snippet exactly as Share your assistant gives it, pasted into the page. The site is on
    // another origin than the app (its own port) but the same site (127.0.0.1): Playwright's contexts
    // are incognito profiles, where Chromium denies a cross-site frame its localStorage (third-party
    // storage blocking), and the conversation kept across reloads is what this journey checks.
    site = await serveExample({
      snippet: school.embedSnippet,
      host: '127.0.0.1',
      imageDelayMs: 0,
    });
    // Only this website may frame the chat.
    await updateAssistant(app.url, staff(), school.assistantId, { snippet: { allowed_origins: [site.url] } });
  });

  afterAll(async () => {
    for (const opened of tabs) await opened.context.close();
    await site?.close();
    await browser?.close();
  });

  test('the launcher shows before window.load, in the snippet colour, on the snippet side', async () => {
    const { page, problems } = await tab();
    // The photo is held until the end, so `window.load` cannot fire (a delay of the site's own lost
    // the race under load: the checks below outlasted it).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/campus.svg', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(site.url, { waitUntil: 'commit' });
    // Both read in the same turn of the page: the launcher is up while the photo still loads.
    const seen = await page.waitForFunction(() => {
      const launcher = document.getElementById('conversa-launcher');
      return launcher?.checkVisibility() ? { readyState: document.readyState } : null;
    });
    expect(await seen.jsonValue()).toEqual({ readyState: expect.not.stringMatching(/^complete$/) });
    const launcher = launcherOf(page);
    // The look comes from the assistant (GET public/assistant/{id}): colour, left side, greeting, name.
    await expect
      .poll(() => launcher.evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe('rgb(15, 118, 110)');
    await expect.poll(() => launcher.getAttribute('aria-label')).toBe(`Open chat: ${NAME}`);
    const box = await launcher.boundingBox();
    expect(box!.x, 'launcher on the left').toBeLessThan(100);
    await expect.poll(() => page.locator('#conversa-greeting').textContent()).toBe(GREETING);
    expect(await page.evaluate(() => document.readyState), 'the photo still holds window.load').not.toBe(
      'complete',
    );
    release();
    await page.waitForLoadState('load');
    expect(problems.take()).toEqual([]);
  });

  test('opens by click and keyboard, answers a suggested question with sources, offers a person, Escape closes', async () => {
    const { page, problems } = await tab();
    await openSite(page, site);
    const launcher = launcherOf(page);
    await launcher.click();
    await page.locator('#conversa-frame').waitFor();
    // Named after the assistant (once embed.js has its look: the click may come first).
    await expect.poll(() => page.locator('#conversa-frame').getAttribute('title')).toBe(NAME);
    expect(await chatState(page)).toEqual({ frameShown: true, expanded: 'true' });
    const chat = chatOf(page);
    const frame = await chatFrameOf(page);
    await chat.getByRole('heading', { level: 1, name: NAME }).waitFor();
    // Focus moves into the chat: the frame in the page, the input in the frame.
    await expectInputFocused(frame);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('conversa-frame');

    const list = chat.getByRole('list', { name: 'Conversation' });
    // Whole answers are announced by a status, not the streamed list piece by piece.
    expect(await list.getAttribute('aria-live')).toBeNull();
    const announcement = chat.locator('.cv-sr[role="status"]');
    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/message') && r.request().method() === 'POST',
    );
    await chat
      .getByRole('group', { name: 'Suggested questions' })
      .getByRole('button', { name: QUESTION })
      .click();
    // Streamed: server-sent events, the answer in several tokens, then its sources.
    const response = await answered;
    expect(response.headers()['content-type']).toMatch(/^text\/event-stream/);
    const events = (await response.text()).match(/^event: ?\w+$/gm)?.map((line) => line.split(/: ?/)[1]);
    expect(events?.filter((event) => event === 'token').length).toBeGreaterThan(1);
    expect(events?.slice(-2)).toEqual(['sources', 'done']);
    const answer = list.getByRole('listitem').filter({ hasText: 'Applications open on' });
    await answer.waitFor();
    await expect.poll(() => answer.getAttribute('aria-busy')).toBeNull();
    await expect
      .poll(() => announcement.textContent())
      .toBe('Applications open on 15 January and close on 31 March. Sources: When do applications open?');
    // The answer as a safe Markdown subset, with its source (the FAQ).
    expect(await answer.locator('strong').textContent()).toBe('15 January');
    expect(await answer.textContent()).toContain(`Sources: ${QUESTION}`);
    expect(await list.getByRole('listitem').filter({ hasText: QUESTION }).first().textContent()).toContain(
      `You: ${QUESTION}`,
    );
    // The suggestions go once the conversation has started; focus is back in the input.
    expect(await chat.getByRole('group', { name: 'Suggested questions' }).count()).toBe(0);
    await expectInputFocused(frame);

    // A question the assistant cannot answer: the handoff card.
    const input = chat.getByRole('textbox', { name: 'Type your question' });
    await input.fill('Is there a swimming pool?');
    await input.press('Enter');
    const handoff = list.getByRole('listitem').filter({ hasText: 'Talk to a person' });
    await handoff.waitFor();
    expect(await handoff.textContent()).toContain('Ana Admissions');
    expect(
      await handoff.getByRole('link', { name: 'admissions@colegio-rosales.example' }).getAttribute('href'),
    ).toBe('mailto:admissions@colegio-rosales.example');
    expect(await handoff.textContent()).toContain('Hours: Mon-Fri 9-17');
    await checkHost(page, 'widget-open', 'en');
    await checkFrame(page, 'widget-frame', 'en');

    // Escape (in the frame) closes the chat and gives the focus back to the launcher.
    await expectInputFocused(frame);
    await page.keyboard.press('Escape');
    await expect.poll(() => chatState(page)).toEqual({ frameShown: false, expanded: 'false' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('conversa-launcher');

    // The keyboard alone: Enter on the launcher opens it again, focus in the input.
    await launcher.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => chatState(page)).toEqual({ frameShown: true, expanded: 'true' });
    await expectInputFocused(frame);
    // The close button too.
    await chat.getByRole('button', { name: 'Close chat' }).click();
    await expect.poll(() => chatState(page)).toEqual({ frameShown: false, expanded: 'false' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('conversa-launcher');
    expect(problems.take()).toEqual([]);

    // The conversation survives a reload.
    await page.reload({ waitUntil: 'domcontentloaded' });
    await launcher.click();
    const restored = chatOf(page).getByRole('list', { name: 'Conversation' });
    await restored.getByRole('listitem').filter({ hasText: 'Applications open on' }).waitFor();
    const texts = await restored.getByRole('listitem').allTextContents();
    expect(texts.some((text) => text.includes(`You: ${QUESTION}`))).toBe(true);
    expect(texts.some((text) => text.includes('Is there a swimming pool?'))).toBe(true);
    expect(texts.some((text) => text.includes('Talk to a person'))).toBe(true);
    expect(problems.take()).toEqual([]);

    // The host page never sees the guest token: nothing in its storage or cookies, nor in its DOM.
    const host = await page.evaluate(() => ({
      local: Object.keys(localStorage),
      session: Object.keys(sessionStorage),
      cookie: document.cookie,
    }));
    expect(host).toEqual({ local: [], session: [], cookie: '' });
    const cookies = await page.context().cookies();
    expect(cookies.filter((cookie) => /conversa/i.test(cookie.name))).toEqual([]);
    // The frame keeps it, under its own key.
    const chatFrame = await chatFrameOf(page);
    const stored = await chatFrame.evaluate(
      (key) => ({ keys: Object.keys(localStorage), value: localStorage.getItem(key) }),
      `conversa.chat.${school.externalId}`,
    );
    expect(stored.keys).toContain(`conversa.chat.${school.externalId}`);
    const guestJwt = (JSON.parse(stored.value ?? '{}') as { guestJwt?: string }).guestJwt;
    expect(guestJwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await page.content()).not.toContain(guestJwt);

    // That guest token is refused on staff routes, with and without an institution header.
    for (const pathname of [
      `/institution/${school.institutionId}/product`,
      `/institution-product/${school.assistantId}`,
      `/institution-product/${school.assistantId}/faq`,
    ]) {
      for (const institution of [undefined, school.institutionId]) {
        const headers: Record<string, string> = { authorization: `Bearer ${guestJwt}` };
        if (institution) headers['x-institution-id'] = String(institution);
        const refused = await fetch(`${app.url}/api${pathname}`, { headers });
        expect(refused.status, `${pathname} with a guest token`).toBe(403);
      }
    }
  });

  test('the full public page: title and share meta in the HTML, the chat full page, in English and Spanish', async () => {
    const pageUrl = `${app.url}/admissions/${school.institutionId}`;
    const raw = await (await fetch(pageUrl, { headers: { 'accept-language': 'en' } })).text();
    expect(raw).toContain(`<title>${NAME} | Conversa</title>`);
    expect(raw).toContain(`<meta property="og:title" content="${NAME}" />`);
    expect(raw).toContain(`<meta property="og:description" content="${GREETING}" />`);
    expect(raw).toContain('<meta property="og:type" content="website" />');
    expect(raw).toContain(`<meta property="og:url" content="${pageUrl}" />`);
    // No logo: the default share image, served by the server.
    expect(raw).toContain(`<meta property="og:image" content="${app.url}/og-image.png" />`);
    const image = await fetch(`${app.url}/og-image.png`);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);

    const en = await tab();
    await en.page.goto(pageUrl);
    const input = en.page.getByRole('textbox', { name: 'Type your question' });
    await input.waitFor();
    expect(await en.page.title()).toBe(`${NAME} | Conversa`);
    await en.page
      .getByRole('group', { name: 'Suggested questions' })
      .getByRole('button', { name: QUESTION })
      .waitFor();
    // A wide screen frames the conversation: the header spans the window, the column is centred.
    const width = en.page.viewportSize()!.width;
    const header = (await en.page.getByRole('banner').boundingBox())!;
    const main = (await en.page.getByRole('main').boundingBox())!;
    expect(header.width).toBe(width);
    expect(main.width).toBeLessThanOrEqual(760);
    expect(Math.abs(main.x + main.width / 2 - width / 2)).toBeLessThan(1);
    await en.page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).waitFor();
    await input.fill(QUESTION);
    await en.page.getByRole('button', { name: 'Send' }).click();
    const answer = en.page.getByRole('list', { name: 'Conversation' }).getByRole('listitem').filter({
      hasText: 'Applications open on',
    });
    await answer.waitFor();
    await expect.poll(() => answer.getAttribute('aria-busy')).toBeNull();
    expect(await en.page.evaluate(() => document.documentElement.lang)).toBe('en');
    await checkHost(en.page, 'public-page', 'en');
    expect(en.problems.take()).toEqual([]);

    // A Spanish browser gets the Spanish chat, on the page and in the widget.
    const es = await tab({ language: 'es' });
    await es.page.goto(pageUrl);
    await es.page.getByRole('textbox', { name: 'Escribe tu pregunta' }).waitFor();
    await es.page.getByRole('group', { name: 'Preguntas sugeridas' }).waitFor();
    expect(await es.page.evaluate(() => document.documentElement.lang)).toBe('es');
    await checkHost(es.page, 'public-page', 'es');

    // A phone: the page fills the screen, the footer and the text box in view without scrolling.
    const phone = await tab({ viewport: { width: 375, height: 667 } });
    await phone.page.goto(pageUrl);
    await phone.page.getByRole('textbox', { name: 'Type your question' }).waitFor();
    expect((await phone.page.getByRole('main').boundingBox())?.width).toBe(375);
    const footer = (await phone.page.getByRole('contentinfo').boundingBox())!;
    expect(footer.y + footer.height).toBeLessThanOrEqual(667);
    expect(await phone.page.evaluate(() => document.scrollingElement!.scrollHeight)).toBe(667);
    expect(phone.problems.take()).toEqual([]);

    await openSite(es.page, site);
    await launcherOf(es.page).click();
    const chat = chatOf(es.page);
    await chat.getByRole('textbox', { name: 'Escribe tu pregunta' }).waitFor();
    await chat.getByRole('button', { name: 'Cerrar chat' }).waitFor();
    expect(await launcherOf(es.page).getAttribute('aria-expanded')).toBe('true');
    await checkHost(es.page, 'widget-open', 'es');
    await checkFrame(es.page, 'widget-frame', 'es');
    expect(es.problems.take()).toEqual([]);
  });

  test('on a phone the open chat covers the screen', async () => {
    const { page, problems } = await tab({ viewport: { width: 375, height: 667 } });
    await openSite(page, site);
    await launcherOf(page).tap();
    await chatOf(page).getByRole('textbox', { name: 'Type your question' }).waitFor();
    expect(await page.locator('#conversa-frame').boundingBox()).toEqual({
      x: 0,
      y: 0,
      width: 375,
      height: 667,
    });
    await checkHost(page, 'widget-phone', 'en');
    expect(problems.take()).toEqual([]);
  });

  test('an inactive link shows the docs/product.md#states text in the widget and on the public page', async () => {
    await updateAssistant(app.url, staff(), school.assistantId, { public_link_active: false });
    // A new visitor (no HTTP cache: the assistant's look is cached for a minute).
    const { page, problems } = await tab();
    await openSite(page, site);
    await launcherOf(page).click();
    const chat = chatOf(page);
    await chat.getByText(INACTIVE).waitFor();
    expect(await chat.getByRole('textbox').count()).toBe(0);
    await checkFrame(page, 'widget-inactive', 'en');

    await page.goto(`${app.url}/admissions/${school.institutionId}`);
    await page.getByText(INACTIVE).waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
    await checkHost(page, 'public-page-inactive', 'en');
    expect(problems.take()).toEqual([]);
  });
});
