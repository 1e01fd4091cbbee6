// Issue 33 §4: a person steps into a conversation. A visitor on the public page asks what the
// assistant cannot answer and asks for a person now; staff open the conversation from the
// dashboard, take it over and reply; the visitor sees the reply live and answers, and staff see
// that live too; staff hand it back and the assistant answers the next question.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PASSWORD } from '../lib/accounts';
import { connectBrowser } from '../lib/browser';
import { appUnderTest, checkPage, openTab, signInHere, type AppTab } from '../lib/journey';
import { seedAssistant, type SeededAssistant } from '../lib/widget';

// The stack is shared with the other journeys: names of its own.
const OWNER_EMAIL = 'owner@colegio-olivos.example';
const NAME = 'Admisiones Olivos';
const KNOWN = 'When are the school holidays?';
const UNKNOWN = 'Can my daughter bring her cello to the music lessons?';
const REPLY = 'Of course! Lessons are on Tuesdays; she can leave it in the music room.';
const ANSWER = 'Thank you, that is perfect.';

describe('live takeover journey (en)', () => {
  let app: { url: string; dataDir: string };
  let browser: Browser;
  let school: SeededAssistant;
  const tabs: AppTab[] = [];

  const tab = async () => {
    const opened = await openTab(browser);
    tabs.push(opened);
    return opened;
  };

  beforeAll(async () => {
    app = appUnderTest();
    browser = await connectBrowser();
    school = await seedAssistant(app.url, app.dataDir, {
      email: OWNER_EMAIL,
      fullName: 'Olga Olivos',
      school: 'Colegio Olivos',
      settings: {
        name: NAME,
        handoff: { name: 'Admissions office', hours: 'Mon-Fri 9:00-17:00' },
        live_chat: { enabled: true, time_zone: 'UTC', hours: [], wait_minutes: 30, notify_after_minutes: 20 },
      },
      faqs: [{ question: KNOWN, answer: 'The school holidays start on 22 December.' }],
    });
  });

  afterAll(async () => {
    for (const opened of tabs) await opened.context.close();
    await browser?.close();
  });

  test('a visitor gets a person, live, and then the assistant again', async () => {
    // Staff first, on the dashboard from the menu, with desktop notifications allowed: the browser's
    // own Notification, watched.
    const staff = await tab();
    const { page } = staff;
    await staff.context.grantPermissions(['notifications'], { origin: app.url });
    await page.addInitScript(() => {
      const Native = window.Notification;
      const shown: string[] = [];
      (window as unknown as { shownNotifications: string[] }).shownNotifications = shown;
      window.Notification = class extends Native {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          shown.push(`${title}: ${options?.body ?? ''}`);
        }
      } as typeof Notification;
    });
    await page.goto(`${app.url}/login`);
    await signInHere(staff, OWNER_EMAIL, PASSWORD, 'en');
    const menu = page.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    // The visitor asks what the assistant cannot answer, and asks for a person now.
    const visitor = await tab();
    await visitor.page.goto(`${app.url}/admissions/${school.institutionId}`);
    const input = visitor.page.getByRole('textbox', { name: 'Type your question' });
    const conversation = visitor.page.getByRole('list', { name: 'Conversation' });
    await input.fill(UNKNOWN);
    await visitor.page.getByRole('button', { name: 'Send' }).click();
    await conversation.getByText('Talk to a person').waitFor();
    await conversation.getByRole('button', { name: 'Chat with a person now' }).click();
    await conversation.getByText('Waiting for a person…').waitFor();

    // Staff: the badge on the assistant, the desktop notification, the row live in the list.
    await menu.getByRole('button', { name: /1 visitor waiting for a person/ }).waitFor();
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications),
      )
      .toEqual([`A visitor is waiting for a person: ${NAME}`]);
    await page.getByRole('checkbox', { name: 'Needs a person' }).check();
    const row = page
      .getByRole('table', { name: 'Conversations' })
      .getByRole('row')
      .filter({ hasText: UNKNOWN });
    await row.getByText('Needs a person').waitFor();
    await row.getByRole('link').first().click();
    const live = page.getByRole('region', { name: 'Live chat' });
    await expect
      .poll(() => live.getByRole('status').textContent())
      .toBe('The visitor is waiting for a person.');
    await checkPage(staff, 'conversation-waiting', 'en');

    // Staff take it over and reply: the visitor sees the person join, then the reply, live.
    await live.getByRole('button', { name: 'Take over' }).click();
    await expect
      .poll(() => live.getByRole('status').textContent())
      .toBe('You are answering this conversation.');
    await live.getByRole('textbox', { name: /Reply to the visitor/ }).fill(REPLY);
    await live.getByRole('textbox', { name: /Reply to the visitor/ }).press('Enter');
    await conversation.getByText('Olga Olivos joined the conversation').waitFor();
    await conversation.getByText(REPLY).waitFor();

    // The visitor answers: the assistant is silent, and staff see the answer live.
    const assistantLines = await conversation.locator('.cv-assistant').count();
    await input.fill(ANSWER);
    await visitor.page.getByRole('button', { name: 'Send' }).click();
    const transcript = page.getByRole('list', { name: 'Messages' });
    await transcript.getByText(ANSWER).waitFor();
    await conversation.getByText(ANSWER).waitFor();
    expect(await conversation.locator('.cv-assistant').count()).toBe(assistantLines);

    // Handed back: the visitor is told, and the assistant answers again.
    await live.getByRole('button', { name: 'Hand back to the assistant' }).click();
    await conversation.getByText("You're back with the assistant.").waitFor();
    await input.fill(KNOWN);
    await visitor.page.getByRole('button', { name: 'Send' }).click();
    await conversation.getByText('The school holidays start on 22 December.').waitFor();
    expect(visitor.problems.take()).toEqual([]);
    expect(staff.problems.take()).toEqual([]);
  });
});
