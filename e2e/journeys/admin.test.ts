// Issue 3 §5: a platform admin (ADMIN_EMAILS) searches the institutions and switches to one; a
// member of several institutions picks one at login; and the console on a phone, where the sidebar is a drawer opened from a menu button and closed by
// navigating.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_EMAIL, PASSWORD } from '../lib/accounts';
import { seedInstitution, seedUser } from '../lib/api';
import { connectBrowser } from '../lib/browser';
import {
  accountMenu,
  appUnderTest,
  checkPage,
  isHome,
  logIn,
  openTab,
  pathOf,
  PHONE,
  startsWith,
  type AppTab,
} from '../lib/journey';

const OWNER_EMAIL = 'owner@redes-educativas.example';

describe('admin journey (en)', () => {
  let app: { url: string; dataDir: string };
  let browser: Browser;
  const tabs: AppTab[] = [];

  beforeAll(async () => {
    app = appUnderTest();
    browser = await connectBrowser();
    // The institutions belong to a school owner: the admin is a member of none of them.
    const owner = await seedUser(app.url, app.dataDir, {
      email: OWNER_EMAIL,
      password: PASSWORD,
      fullName: 'Olga Ortiz',
    });
    await seedInstitution(app.url, owner.jwt, { name: 'Colegio Girasol', kind: 'school', country: 'ES' });
    await seedInstitution(app.url, owner.jwt, { name: 'Academia Luna', kind: 'school', country: 'MX' });
    await seedInstitution(app.url, owner.jwt, { name: 'Tienda Norte', kind: 'business', country: 'AR' });
    await seedUser(app.url, app.dataDir, { email: ADMIN_EMAIL, password: PASSWORD, fullName: 'Ada Admin' });
  });

  afterAll(async () => {
    for (const tab of tabs) await tab.context.close();
    await browser?.close();
  });

  test('searches the institutions by name and switches to one', async () => {
    const tab = await openTab(browser, { language: 'en' });
    tabs.push(tab);
    const { page } = tab;
    // A platform admin without a membership starts where their menu does: choosing an institution.
    await logIn(tab, app.url, ADMIN_EMAIL, PASSWORD, 'en', '**/change-institution');
    await page.getByRole('link', { name: 'Change institution' }).click();
    await page.waitForURL('**/change-institution');
    const table = page.getByRole('table', { name: 'Institutions' });
    await expect.poll(() => table.getByRole('row', { name: /Colegio Girasol/ }).count()).toBe(1);
    expect(await table.getByRole('row', { name: /Academia Luna/ }).count()).toBe(1);
    await checkPage(tab, 'change-institution', 'en');

    await page.getByLabel('Search by name').fill('norte');
    // The search is debounced: once it has run, only the match is left.
    const row = table.getByRole('row', { name: /Tienda Norte/ });
    const rows = async () => [
      await row.count(),
      await table.getByRole('row', { name: /Colegio Girasol|Academia Luna/ }).count(),
    ];
    await expect.poll(rows).toEqual([1, 0]);
    expect(await row.innerText()).toContain('Argentina');
    await checkPage(tab, 'change-institution-search', 'en');

    await row.click();
    await page.waitForURL(isHome);
    // The console now acts in the business: its profile page is 'About your business'.
    await accountMenu(tab, 'About your business', 'en');
    await page.waitForURL('**/profile/about-your-business');
    await expect.poll(() => page.getByLabel(startsWith('Business name')).inputValue()).toBe('Tienda Norte');
    await checkPage(tab, 'profile-about-your-business', 'en');

    // And the list marks it as the current one.
    await page.getByRole('link', { name: 'Change institution' }).click();
    await expect.poll(() => table.getByRole('row', { name: /Tienda Norte \(current\)/ }).count()).toBe(1);
  });

  test('a member of several institutions chooses one when logging in', async () => {
    const tab = await openTab(browser, { language: 'en' });
    tabs.push(tab);
    const { page } = tab;
    await page.goto(`${app.url}/login`);
    await page.getByRole('button', { name: 'Log in with your email' }).click();
    await page.getByLabel(startsWith('Email')).fill(OWNER_EMAIL);
    await page.getByLabel(startsWith('Password', true)).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Select an institution' }).waitFor();
    await checkPage(tab, 'login-select-institution', 'en');
    await page.getByRole('button', { name: /^Tienda Norte/ }).click();
    await page.waitForURL(isHome);
    await accountMenu(tab, 'About your business', 'en');
    await expect.poll(() => page.getByLabel(startsWith('Business name')).inputValue()).toBe('Tienda Norte');
  });

  test('on a phone the sidebar is a drawer, closed by navigating', async () => {
    const tab = await openTab(browser, { language: 'en', viewport: PHONE });
    tabs.push(tab);
    const { page } = tab;
    await logIn(tab, app.url, ADMIN_EMAIL, PASSWORD, 'en');
    await checkPage(tab, 'phone-home', 'en');
    // The rail is not shown; the menu button opens the drawer.
    expect(await page.getByRole('link', { name: 'Change institution' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    // The dialog element itself has no box (its panel is fixed): wait for the sidebar inside it.
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    const drawerNav = drawer.getByRole('navigation', { name: 'Main' });
    await drawerNav.waitFor();
    await checkPage(tab, 'phone-drawer', 'en');

    await drawer.getByRole('link', { name: 'Change institution' }).click();
    await page.waitForURL('**/change-institution');
    await drawer.waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/change-institution');
    await checkPage(tab, 'phone-change-institution', 'en');

    // Closing without navigating works too, by its button and by Escape.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawerNav.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
  });
});
