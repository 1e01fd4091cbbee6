// Issue 15, a school's team in English on a desktop: the main member invites a colleague as an
// admissions agent from the Team page (avatar menu); the colleague signs up through the mailed link
// (the code from the outbox) and lands in the school; they see only what the role allows (no Team
// entry, no Team page, no file deletion); removed by the main member, they lose access at once and
// their console says so and starts over.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PASSWORD } from '../lib/accounts';
import { api, seedMainMember, type SeededUser } from '../lib/api';
import { connectBrowser } from '../lib/browser';
import {
  accountMenu,
  appUnderTest,
  checkPage,
  isHome,
  logIn,
  openTab,
  pathOf,
  type AppTab,
} from '../lib/journey';
import { codeOf, nextMail, outboxMark } from '../lib/outbox';

const MAIN_EMAIL = 'rosa.main@colegio-team.example';
const AGENT_EMAIL = 'pablo.agent@colegio-team.example';
const hasJoinLink = (mail: { text: string }) => /\/join\?token=/.test(mail.text);

describe('team journey (en, desktop)', () => {
  let app: { url: string; dataDir: string };
  let browser: Browser;
  let main: AppTab;
  let agent: AppTab;
  let owner: SeededUser;
  let institutionId: number;
  let assistantId: number;

  beforeAll(async () => {
    app = appUnderTest();
    browser = await connectBrowser();
    ({ owner, institutionId } = await seedMainMember(
      app.url,
      app.dataDir,
      { email: MAIN_EMAIL, password: PASSWORD, fullName: 'Rosa Main' },
      { name: 'Colegio Equipo', kind: 'school', country: 'ES' },
    ));
    const [first] = await api<{ id: number }[]>(app.url, 'GET', `/institution/${institutionId}/product`, {
      token: owner.jwt,
      institution: institutionId,
    });
    assistantId = first!.id;
    // A file in the knowledge base, which the agent must not be offered to delete.
    const form = new FormData();
    form.append(
      'files',
      new Blob(['Open days are every Tuesday in March.'], { type: 'text/plain' }),
      'open-days.txt',
    );
    const uploaded = await fetch(`${app.url}/api/institution-product/${assistantId}/file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.jwt}`, 'x-institution-id': String(institutionId) },
      body: form,
    });
    expect(uploaded.ok).toBe(true);
    main = await openTab(browser, { language: 'en' });
    agent = await openTab(browser, { language: 'en' });
  });

  afterAll(async () => {
    await main?.context.close();
    await agent?.context.close();
    await browser?.close();
  });

  const heading = (tab: AppTab, name: string | RegExp) => tab.page.getByRole('heading', { name, level: 1 });

  test('the main member invites a colleague as an admissions agent from the Team page', async () => {
    const { page } = main;
    await logIn(main, app.url, MAIN_EMAIL, PASSWORD, 'en');
    await accountMenu(main, 'Team', 'en');
    await page.waitForURL('**/team');
    await expect
      .poll(() =>
        page
          .getByRole('table', { name: 'Members' })
          .getByRole('cell', { name: MAIN_EMAIL, exact: true })
          .isVisible(),
      )
      .toBe(true);
    await checkPage(main, 'team', 'en');

    await page.getByRole('button', { name: 'Invite someone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite someone' });
    await dialog.getByLabel(/^Email/).fill(AGENT_EMAIL);
    await dialog.getByLabel(/^Role/).selectOption('admissions_agent');
    await expect
      .poll(() => dialog.getByRole('table', { name: 'What each role can do' }).isVisible())
      .toBe(true);
    await checkPage(main, 'team-invite', 'en');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => page.getByText(`Invitation sent to ${AGENT_EMAIL}.`).isVisible()).toBe(true);
    const pending = page.getByRole('table', { name: 'Pending invitations' });
    await expect
      .poll(() => pending.getByRole('cell', { name: AGENT_EMAIL, exact: true }).isVisible())
      .toBe(true);
    expect(await pending.getByRole('cell', { name: 'Admissions agent', exact: true }).isVisible()).toBe(true);
  });

  test('the colleague signs up through the mailed link and lands in the school', async () => {
    const { page } = agent;
    const mail = await nextMail(app.dataDir, AGENT_EMAIL, new Set(), hasJoinLink);
    const token = /\/join\?token=([\w-]+)/.exec(mail.text)![1];
    await page.goto(`${app.url}/join?token=${token}`);
    await expect.poll(() => heading(agent, 'Continue with email').isVisible()).toBe(true);
    expect(await page.getByText('Colegio Equipo').isVisible()).toBe(true);
    expect(await page.getByLabel(/^Email/).inputValue()).toBe(AGENT_EMAIL);
    await checkPage(agent, 'join', 'en');

    const seen = await outboxMark(app.dataDir);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => heading(agent, 'Check your email').isVisible()).toBe(true);
    await page.getByLabel(/^Verification code/).fill(codeOf(await nextMail(app.dataDir, AGENT_EMAIL, seen)));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => heading(agent, 'Create your password').isVisible()).toBe(true);
    await page.getByLabel(/^Password\*?$/).fill(PASSWORD);
    await page.getByLabel(/^Repeat password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => heading(agent, 'About you').isVisible()).toBe(true);
    await page.getByLabel('First name').fill('Pablo');
    await page.getByLabel('Last name').fill('Agente');
    await page.getByLabel('Position').selectOption({ label: 'Admissions team' });
    await page.getByRole('button', { name: 'Continue' }).click();

    // No school to create: the invitation brings one, and the console opens there, on what an
    // admissions agent's menu offers first: the dashboard.
    await page.waitForURL(isHome);
    expect(pathOf(page)).toBe(`/pre-sales/dashboard/${assistantId}`);
    await checkPage(agent, 'joined-home', 'en');
  });

  test('the colleague sees only what an admissions agent may do', async () => {
    const { page } = agent;
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'About you' }).first().isVisible()).toBe(true);
    expect(await page.getByRole('menuitem', { name: 'Team' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.goto(`${app.url}/team`);
    await expect.poll(() => page.getByText('You cannot manage the team.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Invite someone' }).count()).toBe(0);

    await page.goto(`${app.url}/pre-sales/trainer/knowledge-base/${assistantId}`);
    await expect.poll(() => page.getByText('open-days.txt').first().isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await checkPage(agent, 'agent-knowledge-base', 'en');
  });

  test('removed by the main member, the colleague loses access at once', async () => {
    const { page } = main;
    await page.reload();
    const members = page.getByRole('table', { name: 'Members' });
    await expect
      .poll(() => members.getByRole('cell', { name: AGENT_EMAIL, exact: true }).isVisible())
      .toBe(true);
    await members.getByRole('button', { name: `Remove ${AGENT_EMAIL}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Pablo Agente?' });
    await checkPage(main, 'team-remove', 'en');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => page.getByText('Delete successfully.').isVisible()).toBe(true);
    await expect.poll(() => members.getByRole('cell', { name: AGENT_EMAIL, exact: true }).count()).toBe(0);

    // The colleague's next request is refused: the school's assistants are gone from their console.
    agent.problems.allowed = [/^HTTP 40[34] /];
    // (Whichever of the page's requests is answered first: the console stops asking after it.)
    const refused = agent.page.waitForResponse(
      (response) => response.url().includes('/api/institution') && response.status() >= 400,
    );
    await agent.page.goto(`${app.url}/pre-sales/trainer/knowledge-base/${assistantId}`);
    expect((await refused).status()).toBe(404);
    expect(await agent.page.getByText('open-days.txt').count()).toBe(0);
    // The console tells them, once, and starts over where they still belong (no institution: the setup).
    await expect
      .poll(() => agent.page.getByText('You are no longer a member of that institution.').isVisible())
      .toBe(true);
    await expect.poll(() => new URL(agent.page.url()).pathname).toBe('/setup-assistant');
    // With no institution left, they are offered to create one.
    await expect
      .poll(() => agent.page.getByRole('region', { name: 'Create your school or business' }).isVisible())
      .toBe(true);
    // The old page's requests answered 404 meanwhile: none of them is shown as a failure.
    expect(await agent.page.getByText('Not found').count()).toBe(0);
  });
});
