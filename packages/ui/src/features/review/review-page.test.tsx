import type { ChatEvent } from '@conversa/contract/chat';
import type { Faq } from '@conversa/contract/assistant';
import { askAssistant } from '@conversa/data/chat/ask-assistant';
import { storedGuest } from '@conversa/data/chat/guest-conversation';
import { rateAnswer } from '@conversa/data/review/rate-answer';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { connectedApi, renderConnected } from '../../testing/connected';
import { seedConversations, ANSWERED, UNANSWERED } from '../../testing/conversations';
import { saveCorrection } from '../../testing/correction';
import { ReviewPage } from './review-page';

const api = connectedApi();
const slow = { timeout: 10_000 };

describe('ReviewPage', () => {
  it('lists what needs a look with its reason, corrects an answer into an FAQ and dismisses another', async () => {
    const user = userEvent.setup();
    const owner = await api.signedInOwner('school');
    const { visitors, answered } = await seedConversations(api, owner);
    // The visitor of the answered question rates it down, saying why.
    const events: ChatEvent[] = [];
    const detail = await api.server.call<{ data: { external_id: string } }>(
      `/api/institution-product/${owner.assistant.id}`,
      owner.as,
    );
    await askAssistant(visitors.answered, detail.body.data.external_id, ANSWERED, (event) =>
      events.push(event),
    );
    const done = events.find((event) => event.event === 'done');
    const answerId = done?.event === 'done' ? done.data.message_id! : 0;
    expect(storedGuest(visitors.answered)!.conversationId).toBe(answered);
    await rateAnswer(visitors.answered, answered, {
      message_id: answerId,
      rating: 'down',
      reason: 'It starts on the 9th',
    });

    renderConnected(<ReviewPage assistantId={owner.assistant.id} onNavigate={vi.fn()} />, {
      client: owner.client,
    });
    expect(await screen.findByRole('heading', { name: 'To review', level: 1 })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Answers to review' }, slow);
    const down = within(list).getByRole('article', { name: ANSWERED });
    expect(down.textContent).toContain('Rated down');
    expect(down.textContent).toContain('The visitor said: “It starts on the 9th”');
    const unknown = within(list).getByRole('article', { name: UNANSWERED });
    expect(unknown.textContent).toContain('Not known');

    // Only the rated-down ones.
    await user.selectOptions(screen.getByLabelText('Why'), 'Rated down');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Answers to review' })).queryByRole('article', {
          name: UNANSWERED,
        }),
      ).toBeNull(),
    );

    // Correct: the editor holds the answer, the passage it used is named.
    const correct = within(screen.getByRole('article', { name: ANSWERED })).getByRole('button', {
      name: 'Correct',
    });
    await saveCorrection(user, correct, 'On September 9.', (editor) => {
      expect(editor.value).toBe('On September 8.');
      expect(screen.getByText(`Passages it used: ${ANSWERED}`)).toBeTruthy();
    });
    const faqs = await api.server.call<{ data: { faqs: Faq[] } }>(
      `/api/institution-product/${owner.assistant.id}/faq`,
      owner.as,
    );
    expect(faqs.body.data.faqs).toEqual([
      { id: expect.any(Number), question: ANSWERED, answer: 'On September 9.' },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('article', { name: ANSWERED }).textContent).toContain('Corrected'),
    );

    // Dismiss: it leaves the queue.
    await user.click(
      within(screen.getByRole('article', { name: ANSWERED })).getByRole('button', { name: 'Dismiss' }),
    );
    expect(await screen.findByText('Nothing to review', {}, slow)).toBeTruthy();
  });

  it('adds an item to the test questions in one click', async () => {
    const user = userEvent.setup();
    const owner = await api.signedInOwner('school');
    await seedConversations(api, owner);
    renderConnected(<ReviewPage assistantId={owner.assistant.id} onNavigate={vi.fn()} />, {
      client: owner.client,
    });
    const item = await screen.findByRole('article', { name: UNANSWERED }, { timeout: 10_000 });
    await user.click(within(item).getByRole('button', { name: 'Add as test question' }));
    expect(await screen.findByText('Added to the test questions.')).toBeTruthy();
    const saved = await api.server.call<{ data: { questions: { question: string }[] } }>(
      `/api/institution-product/${owner.assistant.id}/test-question`,
      owner.as,
    );
    expect(saved.body.data.questions.map((test) => test.question)).toEqual([UNANSWERED]);
  });
});
