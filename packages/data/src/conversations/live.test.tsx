/**
 * A person stepping into a conversation, through the data layer against the real server
 * in-process (issue 33): taking it over, replying and handing it back update the open transcript at
 * once, and the staff stream brings the visitor's messages into it live.
 */
import { DEFAULT_LIVE_CHAT } from '@conversa/contract/assistant';
import type { ChatEvent } from '@conversa/contract/chat';
import * as routes from '@conversa/contract/routes/conversations';
import { renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAssistants } from '../assistants/list-assistants';
import { updateAssistant } from '../assistants/update-assistant';
import { askAssistant } from '../chat/ask-assistant';
import { storedGuest } from '../chat/guest-conversation';
import type { DataClient } from '../client';
import { createInstitution } from '../institutions/create-institution';
import { updateFaqs } from '../knowledge/update-faqs';
import { startApi, type TestApi } from '../testing/api';
import { dataWrapper, snapshot, until } from '../testing/render';
import { useConversation } from './get-conversation';
import { releaseConversation, replyInConversation, takeOverConversation } from './live';
import { useLiveConversations } from './live-events';

let api: TestApi;
let staff: DataClient;
let assistantId: number;
let externalId: string;

beforeAll(async () => {
  api = await startApi();
  ({ client: staff } = await api.signedIn());
  const institution = await createInstitution(staff, { name: 'Colegio Vivo', kind: 'school', country: 'ES' });
  assistantId = (await listAssistants(staff, institution.id))[0]!.id;
  await updateFaqs(staff, assistantId, {
    faqs: [{ question: 'When does the school year start?', answer: 'On September 8.' }],
  });
  const detail = await updateAssistant(staff, assistantId, {
    live_chat: { ...DEFAULT_LIVE_CHAT, enabled: true },
  });
  expect(detail.live_chat.enabled).toBe(true);
  externalId = detail.external_id;
});
afterAll(() => api.close());

describe('a person in the conversation', () => {
  it('takes over, sees the visitor live, replies and hands back, the open transcript following', async () => {
    const visitor = api.client();
    const ask = (text: string) => {
      const events: ChatEvent[] = [];
      return askAssistant(visitor, externalId, text, (event) => events.push(event)).then(() => events);
    };
    await ask('When does the school year start?');
    const conversationId = storedGuest(visitor)!.conversationId;
    const asked = await visitor.endpoint(routes.requestPerson, {
      params: { id: conversationId },
      institution: false,
    });
    expect(asked).toEqual({ status: 'waiting', live: true });

    const wrapper = dataWrapper(staff);
    const open = renderHook(
      () => {
        useLiveConversations(assistantId, conversationId);
        return snapshot(useConversation(conversationId));
      },
      { wrapper },
    );
    await until(() => open.result.current.data?.status === 'waiting');

    const state = await takeOverConversation(staff, conversationId);
    expect(state.status).toBe('human');
    await until(() => open.result.current.data?.status === 'human');
    expect(open.result.current.data?.agent?.id).toBe(state.agent?.id);

    // The visitor writes: the assistant stays silent, and the transcript hears it through the stream.
    const held = await ask('Can I visit on Friday?');
    expect(held.map((event) => event.event)).toEqual(['done']);
    await until(() => open.result.current.data?.messages.at(-1)?.text === 'Can I visit on Friday?');

    const reply = await replyInConversation(staff, conversationId, 'Of course, at 10:00.');
    expect(reply).toMatchObject({ role: 'agent', text: 'Of course, at 10:00.' });
    await until(() => open.result.current.data?.messages.at(-1)?.role === 'agent');

    expect(await releaseConversation(staff, conversationId)).toEqual({ status: 'assistant', agent: null });
    await until(() => open.result.current.data?.status === 'assistant');
    open.unmount();
  });
});
