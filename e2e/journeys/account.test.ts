// Issue 3 §5, a school's staff member in English on a desktop: sign up by e-mail (code from the
// outbox) through onboarding to the root; log out and in; forgot password → mailed link → new
// password → log in; change password; and protected routes sending signed-out visitors to /login.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NEW_PASSWORD, PASSWORD } from '../lib/accounts';
import { connectBrowser } from '../lib/browser';
import {
  accountMenu as openAccountMenu,
  appUnderTest,
  checkPage,
  isHome,
  logIn as logInAs,
  openTab,
  pathOf,
  type AppTab,
} from '../lib/journey';
import { codeOf, hasResetLink, nextMail, outboxMark, resetLinkOf } from '../lib/outbox';

const EMAIL = 'marta.gil@colegio-sol.example';
const RESET_PASSWORD = 'Reset-Passw0rd';

describe('account journey (en, desktop)', () => {
  let app: { url: string; dataDir: string };
  let browser: Browser;
  let tab: AppTab;

  beforeAll(async () => {
    app = appUnderTest();
    browser = await connectBrowser();
    tab = await openTab(browser, { language: 'en' });
  });

  afterAll(async () => {
    await tab?.context.close();
    await browser?.close();
  });

  const heading = (name: string | RegExp) => tab.page.getByRole('heading', { name, level: 1 });

  const logIn = (password: string, landing?: Parameters<typeof logInAs>[5]) =>
    logInAs(tab, app.url, EMAIL, password, 'en', landing);
  const accountMenu = (entry: string) => openAccountMenu(tab, entry, 'en');

  /** Logs out through the avatar menu and the logout page. */
  async function logOut() {
    const { page } = tab;
    await accountMenu('Log out');
    await page.waitForURL('**/profile/logout');
    await checkPage(tab, 'profile-logout', 'en');
    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await page.waitForURL('**/login');
  }

  test('signs up by e-mail with the mailed code, through onboarding, to the root', async () => {
    const { page } = tab;
    await page.goto(`${app.url}/login`);
    await expect.poll(() => heading('Welcome to Conversa').isVisible()).toBe(true);
    await checkPage(tab, 'login-initial', 'en');

    await page.getByRole('button', { name: 'Continue with email' }).click();
    await expect.poll(() => heading('Continue with email').isVisible()).toBe(true);
    await checkPage(tab, 'login-email', 'en');
    const seen = await outboxMark(app.dataDir);
    await page.getByLabel(/^Email/).fill(EMAIL);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(() => heading('Check your email').isVisible()).toBe(true);
    await checkPage(tab, 'login-code', 'en');
    const code = codeOf(await nextMail(app.dataDir, EMAIL, seen));
    await page.getByLabel(/^Verification code/).fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(() => heading('Create your password').isVisible()).toBe(true);
    await page.getByLabel(/^Password\*?$/).fill(PASSWORD);
    await page.getByLabel(/^Repeat password/).fill(PASSWORD);
    await checkPage(tab, 'login-password', 'en');
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect.poll(() => heading('About you').isVisible()).toBe(true);
    await page.getByLabel('First name').fill('Marta');
    await page.getByLabel('Last name').fill('Gil');
    expect(await page.getByLabel(/^Full name/).inputValue()).toBe('Marta Gil');
    await page.getByLabel('Position').selectOption({ label: 'Admissions team' });
    await checkPage(tab, 'login-about-you', 'en');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(() => heading('About your school or business').isVisible()).toBe(true);
    await page.getByLabel(/^School name/).fill('Colegio Sol');
    await expect.poll(() => page.getByRole('option', { name: 'Spain' }).count()).toBe(1);
    await page.getByLabel('Country').selectOption('ES');
    await checkPage(tab, 'login-about-school', 'en');
    await page.getByRole('button', { name: 'Finish' }).click();

    // The root sends on to the first assistant's trainer (or the assistant setup without one).
    await page.waitForURL(isHome);
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).first().isVisible()).toBe(true);
    await checkPage(tab, 'home', 'en');
    // The avatar shows the initials of the name given at onboarding.
    expect(await page.getByRole('button', { name: /^Account menu/ }).innerText()).toContain('MG');
  });

  test('logs out, then logs in again with the password', async () => {
    await logOut();
    await checkPage(tab, 'login-after-logout', 'en');
    // Signed out, a protected page is not shown.
    await tab.page.goto(`${app.url}/profile/about-you`);
    await tab.page.waitForURL('**/login');
    // Signing in brings the person back to the page they asked for.
    await logIn(PASSWORD, '**/profile/about-you');
    await expect.poll(() => heading('About you').isVisible()).toBe(true);
  });

  test('changes the password on the profile page; the new one logs in, other sessions end', async () => {
    const { page } = tab;
    // A second browser signed in before the change.
    const elsewhere = await openTab(browser, { language: 'en' });
    await logInAs(elsewhere, app.url, EMAIL, PASSWORD, 'en');

    await accountMenu('Password');
    await page.waitForURL('**/profile/password');
    await checkPage(tab, 'profile-password', 'en');
    await page.getByLabel(/^Current password/).fill(PASSWORD);
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Repeat new password/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect.poll(() => page.getByText('Password was successfully updated.').isVisible()).toBe(true);
    await checkPage(tab, 'profile-password-updated', 'en');

    // There the next request is refused: back to /login with the session message (docs/product.md#errors-and-messages).
    try {
      elsewhere.problems.allowed = [/^HTTP 401 /];
      await elsewhere.page.goto(`${app.url}/profile/about-you`);
      await elsewhere.page.waitForURL('**/login');
      await expect
        .poll(() => elsewhere.page.getByText('The session is no longer valid').isVisible())
        .toBe(true);
      await checkPage(elsewhere, 'login-session-ended', 'en');
    } finally {
      await elsewhere.context.close();
    }

    await logOut();
    await logIn(NEW_PASSWORD);
  });

  test('forgot password: the mailed link sets a new password that logs in', async () => {
    const { page } = tab;
    await logOut();
    await page.getByRole('button', { name: 'Log in with your email' }).click();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/reset-password');
    await expect.poll(() => heading('Reset your password').isVisible()).toBe(true);
    await checkPage(tab, 'reset-password-request', 'en');

    const seen = await outboxMark(app.dataDir);
    await page.getByLabel(/^Email/).fill(EMAIL);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Back to login' }).isVisible()).toBe(true);
    await checkPage(tab, 'reset-password-sent', 'en');
    const link = resetLinkOf(await nextMail(app.dataDir, EMAIL, seen, hasResetLink));
    expect(link.startsWith(`${app.url}/reset-password?token=`)).toBe(true);

    await page.goto(link);
    await expect.poll(() => heading('Choose a new password').isVisible()).toBe(true);
    await page.getByLabel(/^New password/).fill(RESET_PASSWORD);
    await page.getByLabel(/^Repeat password/).fill(RESET_PASSWORD);
    await checkPage(tab, 'reset-password-new', 'en');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL('**/login');

    await logIn(RESET_PASSWORD);
  });

  test('protected routes send a signed-out visitor to /login, unknown paths too', async () => {
    const visitor = await openTab(browser, { language: 'en' });
    try {
      for (const path of [
        '/profile/about-you',
        '/profile/password',
        '/change-institution',
        '/',
        '/no/such/page',
      ]) {
        await visitor.page.goto(`${app.url}${path}`);
        await visitor.page.waitForURL('**/login');
        expect(pathOf(visitor.page), path).toBe('/login');
      }
      await checkPage(visitor, 'login-redirected', 'en');
      // A signed-in member who is not an admin gets the root instead of the admin page.
      await tab.page.goto(`${app.url}/change-institution`);
      await tab.page.waitForURL(isHome);
    } finally {
      await visitor.context.close();
    }
  });
});
