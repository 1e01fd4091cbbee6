import type { TestQuestion } from '@conversa/contract/review';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { connectedApi, renderConnected } from '../../testing/connected';
import { ANSWERED, seedConversations, UNANSWERED } from '../../testing/conversations';
import { TestQuestionsPage } from './test-questions';

const api = connectedApi();
const slow = { timeout: 10_000 };

describe('TestQuestionsPage', () => {
  it('edits the list, runs it and shows pass or fail beside the run before', async () => {
    const user = userEvent.setup();
    const owner = await api.signedInOwner('school');
    await seedConversations(api, owner);

    // One question already, as "Add as test question" leaves it (features/review tests that button).
    await api.server.call(`/api/institution-product/${owner.assistant.id}/test-question`, {
      ...owner.as,
      method: 'PUT',
      json: { questions: [{ question: UNANSWERED, expect: 'answer', must_include: [] }] },
    });

    renderConnected(<TestQuestionsPage assistantId={owner.assistant.id} onNavigate={vi.fn()} />, {
      client: owner.client,
    });
    expect(await screen.findByRole('link', { name: 'Test questions' }, slow)).toBeTruthy();
    expect(((await screen.findByLabelText('Question 1')) as HTMLInputElement).value).toBe(UNANSWERED);
    // It expects a person instead; and one more question, which must hold a date.
    await user.selectOptions(screen.getByLabelText('Expect'), 'A person offered');
    await user.click(screen.getByRole('button', { name: 'Add test question' }));
    await user.type(screen.getByLabelText('Question 2'), ANSWERED);
    await user.type(
      screen.getAllByLabelText('The answer must hold (separated by commas)')[1]!,
      'September 9',
    );
    await user.click(screen.getByRole('button', { name: 'Save test questions' }));
    expect(await screen.findByText('Update successfully.')).toBeTruthy();
    const saved = await api.server.call<{ data: { questions: TestQuestion[] } }>(
      `/api/institution-product/${owner.assistant.id}/test-question`,
      owner.as,
    );
    expect(saved.body.data.questions).toEqual([
      { question: UNANSWERED, expect: 'handoff', must_include: [] },
      { question: ANSWERED, expect: 'answer', must_include: ['September 9'] },
    ]);

    await user.click(screen.getByRole('button', { name: 'Run the tests' }));
    expect(await screen.findByText('Last run: 1 passed, 1 failed', {}, slow)).toBeTruthy();
    expect(screen.getByText(/Failed: missing September 9/)).toBeTruthy();

    // After a correction of the FAQ, the next run passes, beside the run before's failure.
    await api.server.call(`/api/institution-product/${owner.assistant.id}/faq`, {
      ...owner.as,
      method: 'PUT',
      json: { faqs: [{ question: ANSWERED, answer: 'On September 9.' }] },
    });
    // The button says "Running…" until the run is whole.
    await user.click(await screen.findByRole('button', { name: 'Run the tests' }));
    expect(
      await screen.findByText('Last run: 2 passed, 0 failed · Run before: 1 passed, 1 failed', {}, slow),
    ).toBeTruthy();
  });
});
