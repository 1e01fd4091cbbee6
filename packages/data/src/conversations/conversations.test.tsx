/**
 * Conversations in the data layer against the real server in-process: a visitor's conversation and
 * contact, then staff reading the list with its filters, the transcript, the overview made on
 * demand (the list and transcript follow), the dashboard, the CSV download and a delete.
 */
import type { ChatEvent } from '@conversa/contract/chat';
import type { ConversationListItem } from '@conversa/contract/conversation';
import { render, renderHook } from '@testing-library/react';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAssistants } from '../assistants/list-assistants';
import { updateAssistant } from '../assistants/update-assistant';
import { askAssistant } from '../chat/ask-assistant';
import { storedGuest } from '../chat/guest-conversation';
import type { DataClient } from '../client';
import { createInstitution } from '../institutions/create-institution';
import { updateFaqs } from '../knowledge/update-faqs';
import type { Page } from '../pagination';
import { DataProvider } from '../provider';
import { startApi, type TestApi } from '../testing/api';
import { dataWrapper, snapshot, until } from '../testing/render';
import { deleteConversations } from './delete-conversations';
import { downloadConversations } from './download-conversations';
import { generateOverview } from './generate-overview';
import { useConversation } from './get-conversation';
import { getDashboard } from './get-dashboard';
import { leaveContact } from './leave-contact';
import { listConversations, useConversations } from './list-conversations';
import { previewQuestion } from './preview-question';

let api: TestApi;
let staff: DataClient;
let assistantId: number;
/** The visitor who left a contact, and one who did not. */
let withContact: string;
let plain: string;

/** A new visitor asks; resolves to the visitor's client and conversation id. */
async function visitor(externalId: string, question: string) {
  const client = api.client();
  const events: ChatEvent[] = [];
  await askAssistant(client, externalId, question, (event) => events.push(event));
  return { client, conversationId: storedGuest(client)!.conversationId };
}

beforeAll(async () => {
  api = await startApi();
  ({ client: staff } = await api.signedIn());
  const institution = await createInstitution(staff, {
    name: 'Colegio Datos',
    kind: 'school',
    country: 'ES',
  });
  assistantId = (await listAssistants(staff, institution.id))[0]!.id;
  await updateFaqs(staff, assistantId, {
    faqs: [{ question: 'When does the school year start?', answer: 'On September 8.' }],
  });
  const detail = await updateAssistant(staff, assistantId, {
    handoff: { name: 'Ana', email: 'ana@colegio.example', phone: null, hours: null, message: null },
  });
  plain = (await visitor(detail.external_id, 'When does the school year start?')).conversationId;
  const other = await visitor(detail.external_id, 'Do you have a robotics club?');
  withContact = other.conversationId;
  const contact = await leaveContact(other.client, withContact, {
    name: 'Lucía',
    email: null,
    phone: '612 345 678',
    message: null,
    consent: true,
  });
  expect(contact.phone).toBe('+34612345678');
});
afterAll(() => api.close());

describe('conversations', () => {
  it('lists an assistant s conversations with the pagination headers and filters', async () => {
    const page = await listConversations(staff, assistantId, { perPage: 1 });
    expect(page).toMatchObject({ totalCount: 2, pageCount: 2, perPage: 1, currentPage: 1 });
    expect(page.items.map((row) => row.id)).toEqual([withContact]);
    const filtered = await listConversations(staff, assistantId, { contact: true, q: '  robotics ' });
    expect(filtered.items.map((row) => row.id)).toEqual([withContact]);
    const sent = api.received(`institution-product/${assistantId}/conversation`).at(-1)!.search;
    expect(Object.fromEntries(sent)).toMatchObject({ contact: 'true', q: 'robotics', page: '1' });
    expect(sent.get('tz')).toBeTruthy();
    expect(sent.has('handoff')).toBe(false);
  });

  it('shows the overview once made: the transcript and the list rows follow', async () => {
    const wrapper = dataWrapper(staff);
    const detail = renderHook(() => snapshot(useConversation(withContact)), { wrapper });
    const list = renderHook(() => snapshot(useConversations(assistantId)), { wrapper });
    await until(() => detail.result.current.data !== undefined && list.result.current.data !== undefined);
    expect(detail.result.current.data?.overview).toBeNull();
    expect(detail.result.current.data?.contact?.name).toBe('Lucía');

    const overview = await generateOverview(staff, withContact);
    expect(overview.unanswered_questions).toEqual(['Do you have a robotics club?']);
    await until(() => detail.result.current.data?.overview?.generated_at === overview.generated_at);
    await until(
      () => list.result.current.data?.items.find((row) => row.id === withContact)?.has_overview === true,
    );
  });

  it('fetches the list again when it is shown after an overview was made on another screen', async () => {
    // As in the app: one provider stays mounted while screens come and go. A client of its own, so
    // no other test's hook holds the key.
    const client = api.client();
    client.session.update(staff.session.getSnapshot());
    const path = `institution-product/${assistantId}/conversation`;
    let seen: { data?: Page<ConversationListItem> } = {};
    function Conversations() {
      seen = snapshot(useConversations(assistantId));
      return null;
    }
    const screen = (show: boolean) =>
      createElement(DataProvider, { client }, show ? createElement(Conversations) : null);
    const view = render(screen(true));
    await until(() => seen.data !== undefined);
    // The transcript opens in place of the list, and the overview is made there.
    view.rerender(screen(false));
    await generateOverview(client, plain);
    const before = api.received(path).length;
    view.rerender(screen(true));
    await until(() => seen.data?.items.find((row) => row.id === plain)?.has_overview === true);
    expect(api.received(path)).toHaveLength(before + 1);
    view.unmount();
  });

  it('reads the dashboard and downloads the CSV', async () => {
    const dashboard = await getDashboard(staff, assistantId);
    expect(dashboard).toMatchObject({ conversations: 2, questions: 2, answered: 1, contacts: 1 });
    expect(dashboard.unanswered).toEqual([
      { question: 'Do you have a robotics club?', count: 1, conversation_id: withContact },
    ]);
    const { blob, filename } = await downloadConversations(staff, assistantId, { contact: true });
    expect(filename).toMatch(/^conversations-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await blob.text();
    expect(text.split('\n').filter(Boolean)).toHaveLength(2);
    expect(text).toContain('+34612345678');
  });

  it("answers the trainer's preview with why, in a conversation of its own outside the list", async () => {
    const first = await previewQuestion(staff, assistantId, { text: 'When does the school year start?' });
    expect(first).toMatchObject({ text: 'On September 8.', method: 'faq', answered: true });
    expect(first.passages.find((passage) => passage.used)?.source.title).toBe(
      'When does the school year start?',
    );
    const next = await previewQuestion(staff, assistantId, {
      text: 'Is there a swimming pool?',
      conversation_id: first.conversation_id,
    });
    expect(next).toMatchObject({
      conversation_id: first.conversation_id,
      method: 'not_found',
      answered: false,
    });
    expect((await listConversations(staff, assistantId)).totalCount).toBe(2);
  });

  it('deletes conversations: the list refreshes', async () => {
    const wrapper = dataWrapper(staff);
    const list = renderHook(() => snapshot(useConversations(assistantId)), { wrapper });
    await until(() => list.result.current.data?.totalCount === 2);
    const result = await deleteConversations(staff, [plain]);
    expect(result.message).toBe('Delete successfully.');
    await until(() => list.result.current.data?.totalCount === 1);
  });
});
