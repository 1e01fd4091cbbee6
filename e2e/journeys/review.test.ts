// Issue 35 §4: a visitor thumbs an answer down with a reason; staff find it in the review queue,
// correct it, add it as a test question, run the tests (it passes); a new visitor gets the
// corrected answer.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PASSWORD } from '../lib/accounts';
import { connectBrowser } from '../lib/browser';
import { appUnderTest, checkPage, askPublicChat, journeyTabs, signInHere } from '../lib/journey';
import { seedAssistant, type SeededAssistant } from '../lib/widget';

// The stack is shared with the other journeys: names of its own.
const OWNER_EMAIL = 'owner@colegio-alamos.example';
const NAME = 'Admisiones Álamos';
const QUESTION = 'When does enrolment open?';
const WRONG = 'Enrolment opens on 1 March.';
const RIGHT = 'Enrolment opens on 15 February this year, online.';
const REASON = 'It opens in February now';

describe('review journey (en)', () => {
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
      fullName: 'Pilar Álamos',
      school: 'Colegio Álamos',
      settings: { name: NAME, snippet: { greeting: 'Welcome to Colegio Álamos!' } },
      faqs: [{ question: QUESTION, answer: WRONG }],
    });
  });

  afterAll(async () => {
    await tabs.closeAll();
    await browser?.close();
  });

  test('a thumbs down becomes a correction and a passing test question; the next visitor gets the correction', async () => {
    const publicPage = `${app.url}/admissions/${school.institutionId}`;

    // A visitor gets the old answer and thumbs it down, saying what was wrong.
    const visitor = await tab();
    await visitor.page.goto(publicPage);
    const answer = await askPublicChat(visitor, QUESTION);
    await answer.getByText(WRONG).waitFor();
    const rate = answer.getByRole('group', { name: 'Rate this answer' });
    await rate.getByRole('button', { name: 'Not helpful' }).click();
    await expect
      .poll(() => rate.getByRole('button', { name: 'Not helpful' }).getAttribute('aria-pressed'))
      .toBe('true');
    await answer.getByRole('textbox', { name: 'What was wrong?' }).fill(REASON);
    await answer.getByRole('button', { name: 'Send' }).click();
    await answer.getByText('Thanks!').waitFor();
    expect(visitor.problems.take()).toEqual([]);

    // Staff sign in and open To review from the menu.
    const staff = await tab();
    const { page } = staff;
    await page.goto(`${app.url}/login`);
    await signInHere(staff, OWNER_EMAIL, PASSWORD, 'en');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'To review' }).click();
    await page.waitForURL(`**/pre-sales/review/${school.assistantId}`);
    const item = page.getByRole('article', { name: QUESTION });
    await item.getByText('Rated down').waitFor();
    await item.getByText(`The visitor said: “${REASON}”`).waitFor();
    await checkPage(staff, 'review-queue', 'en');

    // Correct it: the editor holds the old answer.
    await item.getByRole('button', { name: 'Correct' }).click();
    const editor = item.getByLabel('Corrected answer');
    await expect.poll(() => editor.inputValue()).toBe(WRONG);
    await editor.fill(RIGHT);
    await item.getByRole('button', { name: 'Save correction' }).click();
    await page
      .getByText('The correction was saved: the assistant answers this question with it from now on.')
      .waitFor();
    await item.getByText('Corrected').first().waitFor();

    // Keep it as a test question, then run the tests from the trainer's tab.
    await item.getByRole('button', { name: 'Add as test question' }).click();
    await page.getByText('Added to the test questions.').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trainer' }).click();
    await page
      .getByRole('navigation', { name: 'Trainer' })
      .getByRole('link', { name: 'Test questions' })
      .click();
    await page.waitForURL(`**/pre-sales/trainer/test-questions/${school.assistantId}`);
    await expect.poll(() => page.getByLabel('Question 1').inputValue()).toBe(QUESTION);
    await page.getByRole('button', { name: 'Run the tests' }).click();
    await page.getByText('Last run: 1 passed, 0 failed').waitFor();
    await checkPage(staff, 'test-questions', 'en');
    expect(staff.problems.take()).toEqual([]);

    // A new visitor gets the corrected answer.
    const next = await tab();
    await next.page.goto(publicPage);
    const corrected = await askPublicChat(next, QUESTION);
    await corrected.getByText(RIGHT).waitFor();
    expect(next.problems.take()).toEqual([]);
  });
});
