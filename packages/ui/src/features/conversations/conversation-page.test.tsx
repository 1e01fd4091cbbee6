import { DEFAULT_LIVE_CHAT } from '@conversa/contract/assistant';
import type { ConversationDetail } from '@conversa/contract/conversation';
import * as chatRoutes from '@conversa/contract/routes/chat';
import * as routes from '@conversa/contract/routes/conversations';
import { updateAssistant } from '@conversa/data/assistants/update-assistant';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { connectedApi, renderConnected, type SignedInOwner } from '../../testing/connected';
import { ConversationPage } from './conversation-page';
import { ANSWERED, seedConversations, UNANSWERED } from '../../testing/conversations';
import { saveCorrection } from '../../testing/correction';

const api = connectedApi();
/** A loaded machine takes seconds to render the first page (its modules are transformed on first use). */
const slow = { timeout: 10_000 };

/** Renders the page of `conversationId` as `owner`. */
const openPage = (owner: SignedInOwner, conversationId: string, onNavigate = vi.fn()) =>
  renderConnected(
    <ConversationPage
      assistantId={owner.assistant.id}
      conversationId={conversationId}
      onNavigate={onNavigate}
    />,
    { client: owner.client },
  );

/** A school's owner with seeded conversations, on the page of one of them; its messages once shown. */
async function openSeeded(which: 'answered' | 'unanswered' = 'answered') {
  const owner = await api.signedInOwner('school');
  const seeded = await seedConversations(api, owner);
  const onNavigate = vi.fn();
  openPage(owner, seeded[which], onNavigate);
  const messages = await screen.findByRole('list', { name: 'Messages' }, slow);
  return { owner, onNavigate, messages, conversationId: seeded[which] };
}

describe('ConversationPage', () => {
  it('corrects an answer of the transcript: the editor holds it, the FAQ gets the new answer, the transcript says who', async () => {
    const user = userEvent.setup();
    const { owner, messages } = await openSeeded();
    const answer = within(messages).getAllByRole('listitem')[1]!;
    // The visitor's question has no Correct; the answer has, and adds its question as a test question.
    expect(within(messages).getAllByRole('button', { name: 'Correct' })).toHaveLength(1);
    await user.click(within(answer).getByRole('button', { name: 'Add as test question' }));
    expect(await screen.findByText('Added to the test questions.')).toBeTruthy();
    const tests = await api.server.call<{ data: { questions: { question: string }[] } }>(
      `/api/institution-product/${owner.assistant.id}/test-question`,
      owner.as,
    );
    expect(tests.body.data.questions.map((test) => test.question)).toEqual([ANSWERED]);
    await saveCorrection(
      user,
      within(answer).getByRole('button', { name: 'Correct' }),
      'On September 9.',
      (editor) => {
        expect(editor.value).toBe('On September 8.');
        expect(screen.getByText(`Passages it used: ${ANSWERED}`)).toBeTruthy();
      },
    );
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Messages' })).getByText(/^Corrected by /)).toBeTruthy(),
    );
    const faqs = await api.server.call<{ data: { faqs: { question: string; answer: string }[] } }>(
      `/api/institution-product/${owner.assistant.id}/faq`,
      owner.as,
    );
    expect(faqs.body.data.faqs).toEqual([
      { id: expect.any(Number), question: ANSWERED, answer: 'On September 9.' },
    ]);
  });

  it('shows the transcript with sources and the handoff card, and the contact', async () => {
    const { owner, onNavigate, messages } = await openSeeded();
    const items = within(messages).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain(ANSWERED);
    expect(items[1]!.textContent).toContain('On September 8.');
    expect(within(items[1]!).getByText(`FAQ: ${ANSWERED}`)).toBeTruthy();
    expect(screen.getByText('The visitor left no contact.')).toBeTruthy();
    // Dates as DD/MM/YYYY and 24-hour times, the header's and each message's.
    const when = String.raw`\d{2}/\d{2}/\d{4} \d{2}:\d{2}`;
    expect(screen.getByText(new RegExp(`^Started on ${when}; last message on ${when}\\.$`))).toBeTruthy();
    expect(items[0]!.textContent).toMatch(new RegExp(`Visitor · ${when}`));

    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to the dashboard' }));
    expect(onNavigate).toHaveBeenCalledWith(`/pre-sales/dashboard/${owner.assistant.id}`);
  });

  it('generates the overview on demand, then offers to regenerate it', async () => {
    const user = userEvent.setup();
    const { owner, conversationId } = await openSeeded('unanswered');
    expect(screen.getByText('A person was offered')).toBeTruthy();
    const contact = screen.getByRole('region', { name: 'Contact' });
    expect(within(contact).getByText('Lucía')).toBeTruthy();
    expect(within(contact).getByRole('link', { name: '+34612345678' }).getAttribute('href')).toBe(
      'tel:+34612345678',
    );

    const panel = screen.getByRole('region', { name: 'Overview' });
    expect(
      within(panel).getByText('No overview yet. Generate one to get a summary of this conversation.'),
    ).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Generate overview' }));
    expect(await within(panel).findByRole('button', { name: 'Regenerate' }, slow)).toBeTruthy();
    for (const label of [
      'Summary',
      'Intent',
      'Topics',
      'Unanswered questions',
      'Contact',
      'Urgency',
      'Next step',
    ])
      expect(within(panel).getByText(label)).toBeTruthy();
    expect(within(panel).getByText(UNANSWERED)).toBeTruthy();
    expect(within(panel).getByText(/Made from the messages alone/)).toBeTruthy();

    const stored = await api.server.call<{ data: ConversationDetail }>(
      `/api/conversation/${conversationId}`,
      owner.as,
    );
    expect(stored.body.data.overview?.unanswered_questions).toEqual([UNANSWERED]);
    await user.click(within(panel).getByRole('button', { name: 'Regenerate' }));
    await waitFor(
      () => expect(api.received(`conversation/${conversationId}/overview`, 'POST')).toHaveLength(2),
      slow,
    );
  });

  it("says 'Not found' for another institution's conversation and for an id that is not one", async () => {
    const theirs = await api.signedInOwner('school');
    const seeded = await seedConversations(api, theirs);
    const owner = await api.signedInOwner('school');
    const view = openPage(owner, seeded.answered);
    expect(
      await screen.findByText(
        'This conversation does not exist or belongs to another institution.',
        {},
        slow,
      ),
    ).toBeTruthy();
    view.unmount();
    openPage(owner, 'abc');
    expect(
      await screen.findByText(
        'This conversation does not exist or belongs to another institution.',
        {},
        slow,
      ),
    ).toBeTruthy();
  });
});

describe('ConversationPage: a person stepping in', () => {
  it('takes a waiting conversation over, replies with Enter, and hands it back', async () => {
    const user = userEvent.setup();
    const owner = await api.signedInOwner('school');
    const seeded = await seedConversations(api, owner);
    const live = await updateAssistant(owner.client, owner.assistant.id, {
      live_chat: { ...DEFAULT_LIVE_CHAT, enabled: true },
    });
    expect(live.live_chat.enabled).toBe(true);
    const asked = await seeded.visitors.answered.endpoint(routes.requestPerson, {
      params: { id: seeded.answered },
      institution: false,
    });
    expect(asked.status).toBe('waiting');
    openPage(owner, seeded.answered);
    const panel = await screen.findByRole('region', { name: 'Live chat' }, slow);
    expect(within(panel).getByRole('status').textContent).toBe('The visitor is waiting for a person.');

    await user.click(within(panel).getByRole('button', { name: 'Take over' }));
    await waitFor(() =>
      expect(within(panel).getByRole('status').textContent).toBe('You are answering this conversation.'),
    );
    await user.type(
      within(panel).getByRole('textbox', { name: /Reply to the visitor/ }),
      'Hola, soy María.{Enter}',
    );
    const messages = screen.getByRole('list', { name: 'Messages' });
    await waitFor(() =>
      expect(within(messages).getAllByRole('listitem').at(-1)!.textContent).toContain('Hola, soy María.'),
    );

    // The visitor sees the reply as a person's.
    const seen = await seeded.visitors.answered.endpoint(chatRoutes.getConversation, {
      params: { id: seeded.answered },
      institution: false,
    });
    expect(seen.messages.at(-1)).toMatchObject({ role: 'agent', text: 'Hola, soy María.' });

    await user.click(within(panel).getByRole('button', { name: 'Hand back to the assistant' }));
    await waitFor(() =>
      expect(within(panel).getByRole('status').textContent).toBe('The assistant is answering.'),
    );
  });
});
