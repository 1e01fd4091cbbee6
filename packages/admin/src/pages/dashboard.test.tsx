import type { ChatEvent } from '@conversa/contract/chat';
import { updateAssistant } from '@conversa/data/assistants/update-assistant';
import { askAssistant } from '@conversa/data/chat/ask-assistant';
import { storedGuest } from '@conversa/data/chat/guest-conversation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderConsole, resetToasts, signedInOwner, startApi, type TestApi } from '../testing/render-console';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());
afterEach(resetToasts);

const QUESTION = 'Do you have a robotics club?';

/** An owner whose assistant (with a handoff contact) was asked a question it cannot answer. */
async function ownerWithConversation() {
  const owner = await signedInOwner(api);
  const detail = await updateAssistant(owner.client, owner.assistant.id, {
    handoff: { name: 'Ana', email: 'ana@colegio.example', phone: null, hours: null, message: null },
  });
  const visitor = api.client();
  const events: ChatEvent[] = [];
  await askAssistant(visitor, detail.external_id, QUESTION, (event) => events.push(event));
  return { ...owner, conversationId: storedGuest(visitor)!.conversationId };
}

describe('the dashboard routes', () => {
  it('/pre-sales/dashboard/:id is "Dashboard | Conversa"; Add as FAQ opens the FAQs with the question filled in, once', async () => {
    const user = userEvent.setup();
    const { client, assistant } = await ownerWithConversation();
    const view = renderConsole(`/pre-sales/dashboard/${assistant.id}`, client);
    // The first page of the file transforms the dashboard's modules: seconds on a loaded machine.
    expect(
      await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, { timeout: 30_000 }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Dashboard | Conversa'));
    const unanswered = await screen.findByRole('region', { name: 'Unanswered questions' });
    await user.click(within(unanswered).getByRole('button', { name: 'Add as FAQ' }));
    // The FAQ page is another module to transform on first use.
    const question = await screen.findByDisplayValue(QUESTION, {}, { timeout: 30_000 });
    // The question left the address: a reload does not add it again.
    await waitFor(() => expect(view.location()).toBe(`/pre-sales/trainer/faqs/${assistant.id}`));
    expect(question.getAttribute('id')).toMatch(/-question$/);
    await waitFor(() => expect(document.activeElement?.id).toBe(question.id.replace(/question$/, 'answer')));
  }, 60_000);

  it('/pre-sales/dashboard/:id/conversation/:conversationId opens the transcript by its address and links back', async () => {
    const user = userEvent.setup();
    const { client, assistant, conversationId } = await ownerWithConversation();
    const path = `/pre-sales/dashboard/${assistant.id}/conversation/${conversationId}`;
    const view = renderConsole(path, client);
    expect(await screen.findByRole('heading', { name: 'Conversation', level: 1 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Conversation | Conversa'));
    expect(await screen.findByText(QUESTION)).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Back to the dashboard' }));
    await waitFor(() => expect(view.location()).toBe(`/pre-sales/dashboard/${assistant.id}`));
    expect(await screen.findByRole('table', { name: 'Conversations' })).toBeTruthy();
  }, 60_000);
});
