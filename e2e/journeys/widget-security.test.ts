// Issue 5 §3 and §6, the widget's security: postMessage from any other origin or window is ignored in
// both directions; a site that is not in the assistant's allowed origins cannot frame the chat (CSP
// frame-ancestors); and XSS payloads as the assistant's name, greeting, suggested questions, FAQ
// answer and a typed question stay inert text in the widget, on the public page and in the console.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PASSWORD } from '../lib/accounts';
import { connectBrowser } from '../lib/browser';
import { appUnderTest, logIn, openTab, pathOf, type AppTab } from '../lib/journey';
import {
  chatFrameOf,
  chatOf,
  chatState,
  expectInputFocused,
  focusedIn,
  launcherOf,
  NO_TRACES,
  seedAssistant,
  serveExample,
  traces,
  updateAssistant,
  type ExampleSite,
  type SeededAssistant,
} from '../lib/widget';

const NAME = 'Admisiones Olmos';
const QUESTION = 'What time does school start?';

/** The page on a third origin: it posts to its parent and to every other frame of its parent. */
const FORGER = `<script>
  parent.postMessage({ type: 'conversa:close' }, '*');
  parent.postMessage({ type: 'conversa:ready' }, '*');
  for (let i = 0; i < parent.frames.length; i++)
    if (parent.frames[i] !== window) parent.frames[i].postMessage({ type: 'conversa:open' }, '*');
  parent.postMessage({ type: 'forger:done' }, '*');
</script>`;

/** Lets messages posted across processes arrive (there is no event for "ignored"). */
const settleMessages = () => new Promise((resolve) => setTimeout(resolve, 400));

/** Opens the example page and the chat; resolves once the chat input is there. */
async function openChat(page: Page, site: ExampleSite) {
  await page.goto(site.url, { waitUntil: 'domcontentloaded' });
  await launcherOf(page).click();
  await chatOf(page).getByRole('textbox', { name: 'Type your question' }).waitFor();
  return chatFrameOf(page);
}

/** What the XSS journeys put in every text of an assistant, and type into its chat. */
const payloads = {
  name: '<img src=x onerror="window.__xss=1">',
  greeting: '"><svg onload=window.__xss=1>',
  question: '<script>window.__xss=1</script> Uniforms?',
  link: '[click](javascript:window.__xss=1)',
  answer:
    'Uniforms: <img src=x onerror="window.__xss=1"> [click](javascript:window.__xss=1) ' +
    '"><svg onload=window.__xss=1> <script>window.__xss=1</script>',
  typed: '<img src=x onerror="window.__xss=1"> "><svg onload=window.__xss=1> [go](javascript:window.__xss=1)',
};

describe('widget security', () => {
  let app: { url: string; dataDir: string };
  let browser: Browser;
  let school: SeededAssistant;
  let site: ExampleSite;
  /** An assistant whose texts are XSS payloads. */
  let evil: SeededAssistant;
  const closers: (() => Promise<unknown>)[] = [];

  /** A fresh tab, closed after the file. */
  const tab = async (): Promise<AppTab> => {
    const opened = await openTab(browser);
    closers.push(() => opened.context.close());
    return opened;
  };
  /** Another website, closed after the file. */
  const website = async (options: Parameters<typeof serveExample>[0]) => {
    const other = await serveExample(options);
    closers.push(() => other.close());
    return other;
  };

  beforeAll(async () => {
    app = appUnderTest();
    browser = await connectBrowser();
    school = await seedAssistant(app.url, app.dataDir, {
      email: 'owner@colegio-olmos.example',
      fullName: 'Olga Olmos',
      school: 'Colegio Olmos',
      settings: { name: NAME, suggested_questions: [QUESTION] },
      faqs: [{ question: QUESTION, answer: 'School starts at 9:00.' }],
    });
    site = await website({ snippet: school.embedSnippet, imageDelayMs: 0 });
    const staff = { token: school.owner.jwt, institution: school.institutionId };
    await updateAssistant(app.url, staff, school.assistantId, { snippet: { allowed_origins: [site.url] } });
    evil = await seedAssistant(app.url, app.dataDir, {
      email: 'owner@colegio-zarza.example',
      fullName: 'Zoe Zarza',
      school: 'Colegio Zarza',
      settings: {
        name: payloads.name,
        suggested_questions: [payloads.question, payloads.link],
        snippet: { greeting: payloads.greeting },
      },
      faqs: [{ question: payloads.question, answer: payloads.answer }],
    });
  });

  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await browser?.close();
  });

  test('postMessage from another origin or window is ignored, in both directions', async () => {
    const { page, problems } = await tab();
    const frame = await openChat(page, site);
    await expectInputFocused(frame);
    // Focus leaves the input (it stays in the frame): a `conversa:open` that acted would bring it back.
    await frame.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(await focusedIn(frame)).toBe('BODY');

    // A frame from a third origin (the app server's host on another port) posts to the host page
    // and, through it, to the chat frame.
    const forger = await website({ snippet: FORGER, host: '127.0.0.1', imageDelayMs: 0 });
    expect(new URL(forger.url).origin).not.toBe(new URL(app.url).origin);
    await page.evaluate(async (src) => {
      const done = new Promise<void>((resolve) =>
        addEventListener('message', (event) => {
          if ((event.data as { type?: string })?.type === 'forger:done') resolve();
        }),
      );
      const iframe = document.createElement('iframe');
      iframe.src = src;
      iframe.title = 'Another website';
      document.body.append(iframe);
      await done;
    }, forger.url);
    // The host page itself posts to its own window what the frame would.
    await page.evaluate(() => {
      postMessage({ type: 'conversa:close' }, '*');
      postMessage({ type: 'conversa:open' }, '*');
    });
    await settleMessages();
    expect(await chatState(page)).toEqual({ frameShown: true, expanded: 'true' });
    expect(await focusedIn(frame), 'the chat frame ignored the forged conversa:open').toBe('BODY');

    // The same message from the frame's parent, to the chat host's origin, does act.
    await page.evaluate((origin) => {
      const chat = document.getElementById('conversa-frame') as HTMLIFrameElement;
      chat.contentWindow?.postMessage({ type: 'conversa:open' }, origin);
    }, new URL(app.url).origin);
    await expectInputFocused(frame);

    // A window of the chat host's own origin that is not embed.js's frame (a second chat frame put in
    // the page) sends `conversa:ready`, then `conversa:close` on Escape: ignored, the source is wrong.
    await page.evaluate(
      (src) => {
        // What the page hears from that window, to know its messages did arrive.
        const seen: string[] = [];
        (window as unknown as { seen: string[] }).seen = seen;
        addEventListener('message', (event) => {
          const impostor = (document.getElementById('impostor') as HTMLIFrameElement).contentWindow;
          if (event.source === impostor)
            seen.push(`${event.origin} ${(event.data as { type: string }).type}`);
        });
        const iframe = document.createElement('iframe');
        iframe.id = 'impostor';
        iframe.src = src;
        iframe.title = 'Impostor';
        document.body.append(iframe);
      },
      `${app.url}/chat/${school.externalId}?origin=${encodeURIComponent(site.url)}`,
    );
    await page.frameLocator('#impostor').getByRole('textbox', { name: 'Type your question' }).press('Escape');
    const appOrigin = new URL(app.url).origin;
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { seen: string[] }).seen))
      .toEqual([`${appOrigin} conversa:ready`, `${appOrigin} conversa:close`]);
    expect(await chatState(page)).toEqual({ frameShown: true, expanded: 'true' });

    // Closed, the chat stays closed whatever the page posts to itself.
    await chatOf(page).getByRole('button', { name: 'Close chat' }).click();
    await expect.poll(() => chatState(page)).toEqual({ frameShown: false, expanded: 'false' });
    await page.evaluate(() => {
      postMessage({ type: 'conversa:open' }, '*');
      postMessage({ type: 'conversa:ready' }, '*');
    });
    await settleMessages();
    expect(await chatState(page)).toEqual({ frameShown: false, expanded: 'false' });
    expect(problems.take()).toEqual([]);
  });

  test('on another site, reopening the chat by keyboard puts the focus back in its input', async () => {
    // Chromium lets a cross-site frame move the focus into itself only in some cases: embed.js must
    // hand it over (the journey in widget.test.ts runs same-site, where this does not show).
    expect(new URL(site.url).hostname).not.toBe(new URL(app.url).hostname);
    const { page, problems } = await tab();
    const frame = await openChat(page, site);
    // Typed and sent with Enter in the box itself: Playwright's fill focuses it inside the frame only,
    // so a page-level key press could reach the host page instead under load.
    const input = chatOf(page).getByRole('textbox', { name: 'Type your question' });
    await input.fill(QUESTION);
    await input.press('Enter');
    await chatOf(page).getByRole('listitem').filter({ hasText: 'School starts at 9:00.' }).waitFor();
    for (let round = 0; round < 2; round++) {
      await expectInputFocused(frame);
      await page.keyboard.press('Escape');
      await expect.poll(() => chatState(page)).toEqual({ frameShown: false, expanded: 'false' });
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('conversa-launcher');
      await page.keyboard.press('Enter');
      await expect.poll(() => chatState(page)).toEqual({ frameShown: true, expanded: 'true' });
    }
    await expectInputFocused(frame);
    expect(problems.take()).toEqual([]);
  });

  test('a website not in the allowed origins cannot frame the chat', async () => {
    const stranger = await website({ snippet: school.embedSnippet, imageDelayMs: 0 });
    const chatUrl = (origin: string) =>
      `${app.url}/chat/${school.externalId}?origin=${encodeURIComponent(origin)}`;
    // The frame's policy names the allowed website only, and the frame talks to no other parent.
    const refused = await fetch(chatUrl(stranger.url));
    expect(refused.headers.get('content-security-policy')).toContain(`frame-ancestors 'self' ${site.url}`);
    expect(refused.headers.get('content-security-policy')).not.toContain(stranger.url);
    expect(await refused.text()).toContain('"parent_origin":null');
    expect(await (await fetch(chatUrl(site.url))).text()).toContain(`"parent_origin":"${site.url}"`);

    const { page, problems } = await tab();
    await page.goto(stranger.url, { waitUntil: 'domcontentloaded' });
    await launcherOf(page).click();
    // Chromium puts its error page in the frame instead of the chat.
    const frame = await page.locator('#conversa-frame').elementHandle();
    await expect.poll(async () => (await frame?.contentFrame())?.url() ?? '').toMatch(/^chrome-error:/);
    await settleMessages();
    expect(await chatOf(page).locator('textarea').count()).toBe(0);
    // Chromium's own report of the refusal, and nothing else.
    expect(problems.take()).toEqual([
      expect.stringMatching(/^request failed \(net::ERR_BLOCKED_BY_RESPONSE\): GET .*\/chat\//),
      expect.stringMatching(
        /^console error: Framing .* violates .*"frame-ancestors 'self' http:\/\/localhost:\d+"/,
      ),
    ]);
  });

  test('XSS payloads stay inert text in the widget and on the public page', async () => {
    const evilSite = await website({ snippet: evil.embedSnippet, imageDelayMs: 0 });
    const visitor = await tab();
    const dialogs: string[] = [];
    visitor.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const { page } = visitor;

    // The host page: the greeting bubble and the launcher's name are text.
    await page.goto(evilSite.url, { waitUntil: 'domcontentloaded' });
    await expect.poll(() => page.locator('#conversa-greeting').textContent()).toBe(payloads.greeting);
    await expect.poll(() => launcherOf(page).getAttribute('aria-label')).toBe(`Open chat: ${payloads.name}`);
    await launcherOf(page).click();
    const chat = chatOf(page);
    await chat.getByRole('heading', { level: 1, name: payloads.name }).waitFor();
    const list = chat.getByRole('list', { name: 'Conversation' });
    expect(await list.getByRole('listitem').first().textContent()).toBe(payloads.greeting);
    const suggested = chat.getByRole('group', { name: 'Suggested questions' });
    expect(await suggested.getByRole('button').allTextContents()).toEqual([payloads.question, payloads.link]);

    // The FAQ answer, asked by its suggested question, and a typed question.
    await suggested.getByRole('button', { name: payloads.question }).click();
    const answer = list.getByRole('listitem').filter({ hasText: 'Uniforms:' });
    await answer.waitFor();
    await expect.poll(() => answer.getAttribute('aria-busy')).toBeNull();
    const shown = (await answer.textContent()) ?? '';
    expect(shown).toContain('<img src=x onerror="window.__xss=1">');
    expect(shown).toContain('"><svg onload=window.__xss=1> <script>window.__xss=1</script>');
    // The `javascript:` link keeps only its text.
    expect(shown).toContain(' click ');
    await chat.getByRole('textbox', { name: 'Type your question' }).fill(payloads.typed);
    await chat.getByRole('button', { name: 'Send' }).click();
    const typed = list.getByRole('listitem').filter({ hasText: 'You: <img src=x' });
    await typed.waitFor();
    expect(await typed.textContent()).toBe(`You: ${payloads.typed}`);
    await expect.poll(() => list.locator('[aria-busy]').count()).toBe(0);

    const frame = await chatFrameOf(page);
    expect(await traces(frame, '#conversa-chat')).toEqual(NO_TRACES);
    expect(await traces(page, '#conversa-greeting')).toEqual(NO_TRACES);
    expect(await frame.title()).toBe(`${payloads.name} | Conversa`);

    // The public page: escaped in the server's HTML, text in the page.
    const pageUrl = `${app.url}/admissions/${evil.institutionId}`;
    const raw = await (await fetch(pageUrl)).text();
    expect(raw).not.toContain('<img src=x');
    expect(raw).not.toContain('<svg onload');
    expect(raw).toContain('<title>&lt;img src=x onerror=&quot;window.__xss=1&quot;&gt; | Conversa</title>');
    await page.goto(pageUrl);
    await page.getByRole('heading', { level: 1, name: payloads.name }).waitFor();
    // Another site than the example's: the frame's storage is not this page's, so a new conversation.
    await page.getByRole('button', { name: payloads.question }).click();
    const onPage = page.getByRole('listitem').filter({ hasText: 'Uniforms:' });
    await onPage.waitFor();
    expect(await onPage.textContent()).toContain('<img src=x onerror="window.__xss=1">');
    expect(await traces(page, '#conversa-chat')).toEqual(NO_TRACES);
    expect(dialogs).toEqual([]);
    expect(visitor.problems.take()).toEqual([]);
  });

  test('XSS payloads stay inert text in the console', async () => {
    const dialogs: string[] = [];
    // The console, as the owner: the trainer's overview (with Share your assistant) and FAQs.
    const owner = await tab();
    owner.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await logIn(owner, app.url, 'owner@colegio-zarza.example', PASSWORD, 'en');
    expect(pathOf(owner.page)).toBe(`/pre-sales/trainer/${evil.assistantId}`);
    await owner.page.getByRole('heading', { level: 1, name: payloads.name }).waitFor();
    await owner.page.getByText(payloads.question, { exact: true }).first().waitFor();
    await owner.page.getByText(payloads.link, { exact: true }).first().waitFor();
    await owner.page.getByRole('heading', { name: 'Share your assistant' }).waitFor();
    expect(await owner.page.getByText(`Anyone with this link can chat with ${payloads.name}.`).count()).toBe(
      1,
    );
    expect(await traces(owner.page, null)).toEqual(NO_TRACES);

    await owner.page.goto(`${app.url}/pre-sales/trainer/faqs/${evil.assistantId}`);
    const question = owner.page.getByLabel(/^Question/).first();
    await question.waitFor();
    expect(await question.inputValue()).toBe(payloads.question);
    expect(
      await owner.page
        .getByLabel(/^Answer/)
        .first()
        .inputValue(),
    ).toBe(payloads.answer);
    expect(await traces(owner.page, null)).toEqual(NO_TRACES);
    expect(dialogs).toEqual([]);
    expect(owner.problems.take()).toEqual([]);
  });
});
