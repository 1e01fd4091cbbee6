// Issue 34 §4: a school owner adds the school's website in the Knowledge Base (reached from the
// menu), watches its pages become ready without reloading (server-sent events), opens the pages with
// their states and reasons, and asks in Try it: the answer quotes the website and cites the page by
// its title, linked. The site is served by the test on a loopback port (the journeys' server runs
// with CRAWL_ALLOW_PRIVATE=true, global-setup.ts).
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { htmlPage, type LocalSite, startLocalSite } from '../../packages/data/src/testing/local-site';
import { PASSWORD } from '../lib/accounts';
import { seedInstitution, seedUser } from '../lib/api';
import { connectBrowser } from '../lib/browser';
import { artifactsDir } from '../lib/paths';
import { appUnderTest, checkPage, logIn, openTab, type AppTab } from '../lib/journey';

// The stack is shared with the other journeys: names of its own.
const OWNER_EMAIL = 'owner@colegio-almendro.example';

describe('website journey (en)', () => {
  let app: { url: string; dataDir: string };
  let browser: Browser;
  let site: LocalSite;
  let tab: AppTab;

  beforeAll(async () => {
    app = appUnderTest();
    browser = await connectBrowser();
    site = await startLocalSite(
      {
        '/': htmlPage(
          'Almendro School',
          ['Welcome to Almendro School.'],
          ['/calendar/', '/staff-only/', '/old-fees/'],
        ),
        '/calendar/': htmlPage('School calendar', [
          'The school year at Almendro starts on 8 September and ends on 19 June.',
          'The winter holidays run from 22 December to 7 January.',
        ]),
        '/staff-only/': htmlPage('Staff', ['Rota for the staff room.']),
      },
      'User-agent: *\nDisallow: /staff-only/\n',
    );
    const owner = await seedUser(app.url, app.dataDir, {
      email: OWNER_EMAIL,
      password: PASSWORD,
      fullName: 'Alba Almendro',
    });
    await seedInstitution(app.url, owner.jwt, { name: 'Almendro School', kind: 'school', country: 'GB' });
    tab = await openTab(browser, { language: 'en' });
  });

  afterAll(async () => {
    await tab?.context.close();
    await browser?.close();
    await site?.close();
  });

  test('adds the website, sees its pages become ready live, and Try it cites the page', async () => {
    const { page } = tab;
    await logIn(tab, app.url, OWNER_EMAIL, PASSWORD, 'en');

    // From the menu: the trainer, then its Knowledge Base tab.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Trainer' })
      .first()
      .click();
    await page.getByRole('link', { name: 'Knowledge Base' }).first().click();
    await page.waitForURL(/\/pre-sales\/trainer\/knowledge-base\/\d+$/);
    const section = page.getByRole('region', { name: 'Website' });
    await section.getByText('No websites yet').waitFor();
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });

    await section.getByLabel(/^Website address/).fill(`${site.url}/`);
    await section.getByRole('button', { name: 'Add website' }).click();
    const sites = section.getByRole('table', { name: 'Websites' });
    const row = sites.getByRole('row', { name: new RegExp(site.url.replace(/[.:/]/g, '\\$&')) });
    await row.getByText('Ready', { exact: true }).waitFor({ timeout: 60_000 });
    await row.getByText(/^2 pages ready/).waitFor();
    expect(navigations, 'the page did not reload').toEqual([]);

    // The pages, with their states and reasons.
    await row.getByRole('button', { name: `Pages of ${site.url}/` }).click();
    const pages = section.getByRole('table', { name: `Pages of ${site.url}/` });
    const calendar = pages.getByRole('row', { name: /School calendar/ });
    await calendar.getByText('Ready', { exact: true }).waitFor();
    const staff = pages.getByRole('row', { name: /staff-only/ });
    await staff.getByText('Skipped', { exact: true }).waitFor();
    await staff.getByText(/robots\.txt does not allow ConversaBot/).waitFor();
    await pages
      .getByRole('row', { name: /old-fees/ })
      .getByText(/does not exist \(404\)/)
      .waitFor();
    // Site ownership: the tag to put on the home page, and a check that says it is not there yet.
    const ownership = section.getByRole('region', { name: 'Site ownership' });
    await ownership.getByLabel('Owner tag').waitFor();
    await ownership.getByRole('button', { name: 'Check the tag' }).click();
    await ownership.getByText(/^The tag was not found on the home page/).waitFor();
    await checkPage(tab, 'trainer-website', 'en');
    // The section alone, for the README (docs/screenshots/website.png is a copy of it). Taller than
    // the window, it is captured beyond it, where the hidden skip link (fixed, above the window)
    // would show over it: left out of the picture.
    await section.screenshot({
      path: path.join(artifactsDir, 'en', 'website-section.png'),
      style: 'a[href="#main-content"] { visibility: hidden; }',
    });

    // Try it: the answer comes from the website and names the page, linked.
    const tryIt = page.getByRole('region', { name: 'Try it' });
    await tryIt.getByLabel('Your question').fill('When does the school year start?');
    await tryIt.getByRole('button', { name: 'Ask', exact: true }).click();
    await tryIt
      .getByText(/starts on 8 September/)
      .first()
      .waitFor({ timeout: 30_000 });
    const cited = tryIt.getByRole('link', { name: 'Web page: School calendar' });
    await cited.first().waitFor();
    expect(await cited.first().getAttribute('href')).toBe(`${site.url}/calendar/`);
    await checkPage(tab, 'trainer-website-try-it', 'en');
  });
});
