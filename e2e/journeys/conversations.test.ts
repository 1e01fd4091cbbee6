// Issue 11 §4: a visitor asks the public page a question the assistant cannot answer and leaves a
// contact; the handoff contact gets the mail; staff open the dashboard, see the conversation and its
// transcript, generate the overview, add the unanswered question as an FAQ from the dashboard, and
// the next visitor gets that answer.
import { conversationPath } from '../../packages/contract/src/console-paths';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PASSWORD } from '../lib/accounts';
import { confirmHandoffEmail } from '../lib/api';
import { connectBrowser } from '../lib/browser';
import { appUnderTest, checkPage, askPublicChat, journeyTabs, pathOf, signInHere } from '../lib/journey';
import { nextMail, outboxMark } from '../lib/outbox';
import { seedAssistant, type SeededAssistant } from '../lib/widget';

// The stack is shared with the other journeys: names of its own.
const OWNER_EMAIL = 'owner@colegio-encinas.example';
const HANDOFF_EMAIL = 'admisiones@colegio-encinas.example';
const NAME = 'Admisiones Encinas';
const KNOWN = 'How much is the monthly fee?';
const UNKNOWN = 'Do you have a horse riding club for the pupils?';
const RIDING = 'Yes: the riding club meets on Saturday mornings at the school stables.';
const VISITOR = { name: 'Lucía Gómez', email: 'lucia.gomez@familia.example', message: 'My son is 9.' };

describe('conversations journey (en)', () => {
  let app: { url: string; dataDir: string };
  let browser: Browser;
  let school: SeededAssistant;

  const tabs = journeyTabs(() => browser);
  const tab = tabs.open;

  beforeAll(async () => {
    app = appUnderTest();
    browser = await connectBrowser();
    school = await seedAssistant(app.url, app.dataDir, {
      email: OWNER_EMAIL,
      fullName: 'Elena Encinas',
      school: 'Colegio Encinas',
      settings: {
        name: NAME,
        suggested_questions: [KNOWN],
        handoff: { name: 'Admissions office', email: HANDOFF_EMAIL, hours: 'Mon-Fri 9:00-17:00' },
        snippet: { greeting: 'Welcome to Colegio Encinas! Ask me about admissions.' },
      },
      faqs: [{ question: KNOWN, answer: 'The monthly fee is 420 euros, meals included.' }],
    });
    // Contact mails go only to a confirmed handoff address.
    await confirmHandoffEmail(app.url, app.dataDir, HANDOFF_EMAIL);
  });

  afterAll(async () => {
    await tabs.closeAll();
    await browser?.close();
  });

  test('an unanswered question becomes a contact, a mail, an overview and an FAQ that answers it', async () => {
    const publicPage = `${app.url}/admissions/${school.institutionId}`;

    // A visitor asks what the assistant does not know: it offers a person, and the visitor leaves a contact.
    const visitor = await tab();
    await visitor.page.goto(publicPage);
    const mails = await outboxMark(app.dataDir);
    const abstained = await askPublicChat(visitor, UNKNOWN);
    const handoff = abstained.getByText('Talk to a person');
    await handoff.waitFor();
    await abstained.getByRole('link', { name: HANDOFF_EMAIL }).waitFor();
    await abstained.getByRole('button', { name: 'Leave your details and we will contact you' }).click();
    const form = visitor.page.getByRole('form', { name: 'Your contact details' });
    await form.getByLabel('Name').fill(VISITOR.name);
    await form.getByLabel('Email').fill(VISITOR.email);
    await form.getByLabel('Message (optional)').fill(VISITOR.message);
    // Consent is required: refused without it, with the field's reason.
    await form.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => form.getByRole('checkbox').getAttribute('aria-invalid')).toBe('true');
    // That refusal is the server's 400 with the field's reason, and the only problem so far.
    expect(visitor.problems.take()).toEqual([expect.stringMatching(/^HTTP 400 POST \S+\/contact$/)]);
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Send' }).click();
    await visitor.page.getByText('Thank you. A person will contact you soon.').waitFor();
    expect(visitor.problems.take()).toEqual([]);

    // The handoff contact's mail: who, how to reach them, the question and the transcript's link.
    const mail = await nextMail(app.dataDir, HANDOFF_EMAIL, mails);
    expect(mail.subject).toBe('A visitor wants to talk to a person');
    expect(mail.text).toContain(NAME);
    for (const part of [VISITOR.name, VISITOR.email, VISITOR.message, UNKNOWN])
      expect(mail.text).toContain(part);
    const link = /https?:\/\/\S+\/pre-sales\/dashboard\/\d+\/conversation\/[\w-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const conversationId = link!.split('/').at(-1)!;
    expect(new URL(link!).pathname).toBe(conversationPath(school.assistantId, conversationId));

    // Staff: the mail's link, followed while signed out, asks to sign in and then opens the transcript.
    const staff = await tab();
    const { page } = staff;
    await page.goto(link!);
    await page.waitForURL(`**/login`);
    await signInHere(
      staff,
      OWNER_EMAIL,
      PASSWORD,
      'en',
      `**${conversationPath(school.assistantId, conversationId)}`,
    );

    // Its transcript: the question, the handoff as the visitor saw it, the contact.
    await page.getByText(UNKNOWN).first().waitFor();
    await page.getByText(VISITOR.email).first().waitFor();
    await page.getByText('A person was offered').first().waitFor();
    // The overview is absent until asked for.
    await page.getByText('No overview yet. Generate one to get a summary of this conversation.').waitFor();
    await page.getByRole('button', { name: 'Generate overview' }).click();
    const overview = page.getByRole('region', { name: 'Overview' });
    await overview.getByRole('button', { name: 'Regenerate' }).waitFor();
    const field = (label: string) =>
      overview.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    await field('Unanswered questions').getByText(UNKNOWN).waitFor();
    await field('Contact').getByText(`${VISITOR.name} · ${VISITOR.email}`).waitFor();
    await checkPage(staff, 'conversation-transcript', 'en');

    // The dashboard counts the conversation and lists the question as unanswered.
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await page.waitForURL(`**/pre-sales/dashboard/${school.assistantId}`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const figures = page.getByRole('list', { name: 'Figures' }).getByRole('listitem');
    const figure = (label: string) => figures.filter({ has: page.getByText(label, { exact: true }) });
    for (const [label, value] of [
      ['Conversations', '1'],
      ['Questions', '1'],
      ['Answered', '0'],
      ['Handed off', '1'],
      ['Contacts', '1'],
    ] as const)
      await expect.poll(() => figure(label).textContent(), { message: label }).toBe(`${label}${value}`);
    const unanswered = page.getByRole('region', { name: 'Unanswered questions' });
    await unanswered.getByText(UNKNOWN).waitFor();
    const row = page
      .getByRole('table', { name: 'Conversations' })
      .getByRole('row')
      .filter({ hasText: UNKNOWN });
    await row.getByText(VISITOR.name).waitFor();
    await checkPage(staff, 'conversations-dashboard', 'en');
    // The row opens the same transcript as the mail.
    await row.getByRole('link').first().click();
    await page.waitForURL(`**${conversationPath(school.assistantId, conversationId)}`);

    // Back on the dashboard, the gap becomes an FAQ: the editor opens with the question filled in.
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await page.waitForURL(`**/pre-sales/dashboard/${school.assistantId}`);
    await unanswered.getByRole('button', { name: 'Add as FAQ' }).click();
    await page.waitForURL(`**/pre-sales/trainer/faqs/${school.assistantId}`);
    expect(pathOf(page)).toBe(`/pre-sales/trainer/faqs/${school.assistantId}`);
    const question = page.getByLabel(/^Question/).last();
    await expect.poll(() => question.inputValue()).toBe(UNKNOWN);
    const answer = page.getByLabel(/^Answer/).last();
    await expect.poll(() => answer.evaluate((element) => element === document.activeElement)).toBe(true);
    await answer.fill(RIDING);
    await page.getByRole('button', { name: 'Save FAQs' }).click();
    await page.getByText('FAQ was successfully updated.').waitFor();
    expect(staff.problems.take()).toEqual([]);

    // The next visitor asks the same: the assistant answers it now, citing the new FAQ.
    const next = await tab();
    await next.page.goto(publicPage);
    const answered = await askPublicChat(next, UNKNOWN);
    await answered.getByText(/riding club meets on Saturday mornings/).waitFor();
    await answered.getByText(`Sources: ${UNKNOWN}`).waitFor();
    expect(await answered.getByText('Talk to a person').count()).toBe(0);
    expect(next.problems.take()).toEqual([]);
  });
});
