// Issue 3 §5: English and Spanish. Signed out, the browser's language picks; signed in, the
// profile's wins, and the sidebar's es ↔ en switch saves it and survives a reload. Every page of
// the console is checked (axe, title, errors) and photographed in both languages.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PASSWORD, POLYGLOT_EMAIL } from '../lib/accounts';
import { seedInstitution, seedUser } from '../lib/api';
import { connectBrowser } from '../lib/browser';
import { say, type Language } from '../lib/catalog';
import { appUnderTest, checkPage, logIn, openTab, pathOf, type AppTab } from '../lib/journey';

/** The login card's legal line, as the catalog holds it (links as numbered tags). */
const LEGAL =
  'By continuing you accept the <0>Terms of service<1> (opens in a new tab)</1></0> and the <2>Privacy policy<3> (opens in a new tab)</3></2>.';

/** Every signed-in page of docs/product.md#screens-and-routes (placeholders included), named for its screenshot. */
function consolePages(assistant: string): [name: string, path: string][] {
  return [
    ['setup-assistant', '/setup-assistant'],
    ['pre-sales-trainer', `/pre-sales/trainer/${assistant}`],
    ['pre-sales-dashboard', `/pre-sales/dashboard/${assistant}`],
    ['pre-sales-knowledge-base', `/pre-sales/trainer/knowledge-base/${assistant}`],
    ['pre-sales-faqs', `/pre-sales/trainer/faqs/${assistant}`],
    ['pre-sales-handoff', `/pre-sales/trainer/handoff/${assistant}`],
    ['sales-support-trainer', `/sales-support/trainer/${assistant}`],
    ['sales-support-knowledge-base', `/sales-support/knowledge-base/${assistant}`],
    ['sales-support-allowed-numbers', `/sales-support/allowed-numbers/${assistant}`],
    ['sales-support-leads', `/sales-support/leads/${assistant}`],
    ['sales-support-orders', `/sales-support/orders/${assistant}`],
    ['sales-support-order-details', `/sales-support/order/${assistant}/details/1`],
    ['profile-about-you', '/profile/about-you'],
    ['profile-about-your-school', '/profile/about-your-school'],
    ['profile-about-your-business', '/profile/about-your-business'],
    ['profile-password', '/profile/password'],
    ['profile-logout', '/profile/logout'],
    ['change-institution', '/change-institution'],
  ];
}

describe('languages (en ↔ es)', () => {
  let app: { url: string; dataDir: string };
  let browser: Browser;
  const tabs: AppTab[] = [];

  beforeAll(async () => {
    app = appUnderTest();
    browser = await connectBrowser();
    const user = await seedUser(app.url, app.dataDir, {
      email: POLYGLOT_EMAIL,
      password: PASSWORD,
      fullName: 'Lucía Pérez Ramos',
    });
    await seedInstitution(app.url, user.jwt, { name: 'Escuela del Mar', kind: 'school', country: 'ES' });
  });

  afterAll(async () => {
    for (const tab of tabs) await tab.context.close();
    await browser?.close();
  });

  const open = async (language: Language) => {
    const tab = await openTab(browser, { language });
    tabs.push(tab);
    return tab;
  };

  for (const language of ['en', 'es'] as const) {
    test(`signed out, the browser's language picks: ${language}`, async () => {
      const tab = await open(language);
      const { page } = tab;
      const heading = (english: string) =>
        page.getByRole('heading', { level: 1, name: say(language, english, { PRODUCT_NAME: 'Conversa' }) });

      await page.goto(`${app.url}/login`);
      await heading('Welcome to {PRODUCT_NAME}').waitFor();
      await checkPage(tab, 'login-initial', language);
      // Terms and privacy open in a new tab (docs/product.md#screens-and-routes), without handing it this window.
      const newTab = /<1>\s*(.*?)<\/1>/.exec(say(language, LEGAL))?.[1] ?? '(opens in a new tab)';
      const legal = page.getByRole('link', { name: newTab });
      expect(await legal.count()).toBe(2);
      for (const link of await legal.all()) {
        expect(await link.getAttribute('target')).toBe('_blank');
        expect(await link.getAttribute('rel')).toContain('noopener');
      }
      await page.getByRole('button', { name: say(language, 'Continue with email') }).click();
      await heading('Continue with email').waitFor();
      await checkPage(tab, 'login-email', language);
      await page.getByRole('button', { name: say(language, 'Back') }).click();
      await page.getByRole('button', { name: say(language, 'Log in with your email') }).click();
      await heading('Log in').waitFor();
      await checkPage(tab, 'login-login', language);

      await page.goto(`${app.url}/reset-password`);
      await heading('Reset your password').waitFor();
      await checkPage(tab, 'reset-password-request', language);
      await page.goto(`${app.url}/reset-password?token=not-a-real-token`);
      await heading('Choose a new password').waitFor();
      await checkPage(tab, 'reset-password-new', language);
    });
  }

  describe('signed in (profile language en, English browser)', () => {
    let tab: AppTab;
    let pages: [string, string][];

    const aboutYou = (language: Language) =>
      tab.page.getByRole('heading', { level: 1, name: say(language, 'About you') });
    /** Presses EN or ES in the sidebar: the choice is saved, then the page reloads in it. */
    const choose = async (target: Language) => {
      const name = target === 'es' ? /^ES/ : /^EN/;
      await Promise.all([tab.page.waitForEvent('load'), tab.page.getByRole('button', { name }).click()]);
      await tab.page.waitForFunction((lang) => document.documentElement.lang === lang, target);
      await expect.poll(() => tab.page.getByRole('button', { name, pressed: true }).count()).toBe(1);
    };
    const tour = async (language: Language) => {
      for (const [name, path] of pages) {
        await tab.page.goto(`${app.url}${path}`);
        await checkPage(tab, name, language);
      }
    };

    beforeAll(async () => {
      tab = await open('en');
      await logIn(tab, app.url, POLYGLOT_EMAIL, PASSWORD, 'en');
      pages = consolePages(/\/trainer\/(\d+)$/.exec(pathOf(tab.page))?.[1] ?? '1');
    });

    test('every console page in English', async () => {
      await tour('en');
    });

    test('ES saves the profile language, reloads in Spanish, and a reload keeps it', async () => {
      await tab.page.goto(`${app.url}/profile/about-you`);
      await aboutYou('en').waitFor();
      await choose('es');
      expect(pathOf(tab.page)).toBe('/profile/about-you');
      await aboutYou('es').waitFor();
      await tab.page.reload();
      await aboutYou('es').waitFor();
      expect(await tab.page.evaluate(() => document.documentElement.lang)).toBe('es');
    });

    test('every console page in Spanish', async () => {
      await tour('es');
    });

    test("another English browser signing in gets the profile's Spanish", async () => {
      // The login screen follows the browser (English); the console after it the profile.
      const other = await open('en');
      await logIn(other, app.url, POLYGLOT_EMAIL, PASSWORD, 'en');
      await other.page.waitForFunction(() => document.documentElement.lang === 'es');
      await checkPage(other, 'home-after-login', 'es');
    });

    test('EN switches back, and a reload keeps English', async () => {
      await tab.page.goto(`${app.url}/profile/about-you`);
      await aboutYou('es').waitFor();
      await choose('en');
      await aboutYou('en').waitFor();
      await tab.page.reload();
      await aboutYou('en').waitFor();
      expect(await tab.page.evaluate(() => document.documentElement.lang)).toBe('en');
    });
  });
});
