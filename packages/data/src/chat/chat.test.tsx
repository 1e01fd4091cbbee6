/**
 * The public chat's data layer against the real server in-process: the assistant by its snippet id,
 * a first question that starts the conversation and streams its answer, the transcript read back, and a
 * conversation the server no longer knows forgotten so the next question starts afresh.
 */
import type { ChatEvent } from '@conversa/contract/chat';
import { renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateAssistant } from '../assistants/update-assistant';
import { getAssistant } from '../assistants/get-assistant';
import type { DataClient } from '../client';
import { createInstitution } from '../institutions/create-institution';
import { updateFaqs } from '../knowledge/update-faqs';
import { listAssistants } from '../assistants/list-assistants';
import { startApi, type TestApi } from '../testing/api';
import { dataWrapper, settle, until } from '../testing/render';
import { askAssistant } from './ask-assistant';
import { getPublicAssistant, usePublicAssistant } from './get-public-assistant';
import { getGuestConversation, useGuestConversation } from './guest-conversation';

let api: TestApi;
let staff: DataClient;
let assistantId: number;
let externalId: string;

beforeAll(async () => {
  api = await startApi();
  ({ client: staff } = await api.signedIn());
  const institution = await createInstitution(staff, { name: 'Colegio Chat', kind: 'school' });
  assistantId = (await listAssistants(staff, institution.id))[0]!.id;
  await updateFaqs(staff, assistantId, {
    faqs: [
      { question: 'When does the school year start?', answer: 'The school year starts on **September 8**.' },
    ],
  });
  const detail = await updateAssistant(staff, assistantId, {
    suggested_questions: ['When does the school year start?'],
  });
  externalId = detail.external_id;
});
afterAll(() => api.close());

/** Asks and collects the events. */
async function ask(client: DataClient, text: string) {
  const events: ChatEvent[] = [];
  await askAssistant(client, externalId, text, (event) => events.push(event));
  return events;
}

describe('the public assistant', () => {
  it('is read by its snippet id without a token or an institution header', async () => {
    const client = api.client();
    const { result } = renderHook(() => usePublicAssistant(externalId), {
      wrapper: dataWrapper(client),
    });
    await until(() => result.current.data !== undefined);
    expect(result.current.data).toMatchObject({
      name: expect.any(String),
      active: true,
      suggested_questions: ['When does the school year start?'],
      snippet: { position: 'right' },
    });
    const seen = api.received(`public/assistant/${externalId}`, 'GET').at(-1)!;
    expect(seen.headers.get('authorization')).toBeNull();
    expect(seen.headers.get('x-institution-id')).toBeNull();
  });

  it('shows the assistant the page came with at once, without asking', async () => {
    const client = api.client();
    const initial = await getPublicAssistant(api.client(), externalId);
    const before = api.received(`public/assistant/${externalId}`, 'GET').length;
    const { result } = renderHook(() => usePublicAssistant(externalId, initial), {
      wrapper: dataWrapper(client),
    });
    expect(result.current.data).toEqual(initial);
    await settle();
    expect(api.received(`public/assistant/${externalId}`, 'GET')).toHaveLength(before);
  });

  it('is a 404 for an unknown id', async () => {
    const { result } = renderHook(() => usePublicAssistant('no-such-assistant'), {
      wrapper: dataWrapper(api.client()),
    });
    await until(() => result.current.error !== undefined);
    expect(result.current.error).toMatchObject({ status: 404 });
    // Not retried: asking again would get the same answer.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await settle();
    expect(api.received('public/assistant/no-such-assistant', 'GET')).toHaveLength(1);
  });

  it('is read again after a lost connection, showing the error meanwhile', async () => {
    let failures = 1;
    const client = api.client({
      fetch: (input, init) =>
        failures-- > 0 ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init),
    });
    const { result } = renderHook(() => usePublicAssistant(externalId), { wrapper: dataWrapper(client) });
    await until(() => result.current.error !== undefined);
    expect(result.current).toMatchObject({ data: undefined, error: { kind: 'network' }, isLoading: false });
    // docs/product.md#calls: the first retry after 1 s.
    await until(() => result.current.data !== undefined, 3000);
    expect(result.current.data).toMatchObject({ active: true });
    expect(result.current.error).toBeUndefined();
  });
});

describe('a conversation', () => {
  it('starts on the first question, streams the answer and is read back', async () => {
    const client = api.client();
    expect(client.session.getSnapshot()).toMatchObject({ guestJwt: null, guestConversationId: null });
    const events = await ask(client, 'When does the school year start?');
    const names = events.map((event) => event.event);
    expect(names[0]).toBe('token');
    expect(names.slice(-2)).toEqual(['sources', 'done']);
    const text = events.map((event) => (event.event === 'token' ? event.data.text : '')).join('');
    expect(text).toContain('September 8');
    const { guestJwt, guestConversationId } = client.session.getSnapshot();
    expect(guestJwt).toEqual(expect.any(String));
    expect(guestConversationId).toEqual(expect.any(String));

    // The second question goes to the same conversation.
    await ask(client, 'And when does it end?');
    expect(client.session.getSnapshot().guestConversationId).toBe(guestConversationId);
    expect(api.received(`public/assistant/${externalId}/session`, 'POST')).toHaveLength(1);

    const { result } = renderHook(() => useGuestConversation(true), {
      wrapper: dataWrapper(client),
    });
    await until(() => result.current.data !== undefined);
    expect(result.current.data!.messages.map((message) => [message.role, message.text.slice(0, 20)])).toEqual(
      [
        ['user', 'When does the school'],
        ['assistant', expect.any(String)],
        ['user', 'And when does it end'],
        ['assistant', expect.any(String)],
      ],
    );
  });

  it('is not read while the chat does not ask for it, nor when there is none', async () => {
    const client = api.client();
    const { result } = renderHook(() => useGuestConversation(true), {
      wrapper: dataWrapper(client),
    });
    await until(() => !result.current.isLoading);
    expect(result.current.data).toBeUndefined();
    expect(api.received('public/conversation/', 'GET').length).toBe(0);
  });

  it('is forgotten when the server no longer knows it, and the next question starts a new one', async () => {
    const client = api.client();
    await ask(client, 'When does the school year start?');
    const first = client.session.getSnapshot().guestConversationId;
    // Another visitor's conversation: the token is not for it.
    const other = api.client();
    await ask(other, 'When does the school year start?');
    client.session.update({ guestConversationId: other.session.getSnapshot().guestConversationId });
    await expect(
      getGuestConversation(client, client.session.getSnapshot().guestConversationId!),
    ).resolves.toBeNull();
    expect(client.session.getSnapshot()).toMatchObject({ guestJwt: null, guestConversationId: null });

    // A token the server does not accept: the question fails, the conversation is forgotten.
    client.session.update({ guestJwt: 'not.a.token', guestConversationId: first });
    await expect(ask(client, 'Hello?')).rejects.toMatchObject({ status: 401 });
    expect(client.session.getSnapshot().guestConversationId).toBeNull();
    await ask(client, 'Hello again?');
    expect(client.session.getSnapshot().guestConversationId).not.toBe(first);
  });

  it('answers the server refusals with their texts and keeps the conversation', async () => {
    const client = api.client();
    await expect(ask(client, 'x'.repeat(2001))).rejects.toMatchObject({ kind: 'http', status: 400 });
    await updateAssistant(staff, assistantId, { public_link_active: false });
    try {
      const failure = ask(client, 'Are you there?');
      await expect(failure).rejects.toMatchObject({ kind: 'http', code: 'link_inactive' });
      await expect(failure).rejects.toThrow('The chat link is inactive');
    } finally {
      await updateAssistant(staff, assistantId, { public_link_active: true });
    }
    expect((await getAssistant(staff, assistantId)).public_link_active).toBe(true);
  });
});
