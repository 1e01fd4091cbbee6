/**
 * A person in the conversation, in the chat app (docs/product.md#live-conversations), against the
 * real server in-process: waiting, joined, their replies and typing live, the assistant silent
 * meanwhile, a reload that goes on following, the hand-back; the contact form out of office hours.
 */
import { DEFAULT_LIVE_CHAT } from '@conversa/contract/assistant';
import { act } from 'preact/test-utils';
import { expect, it } from 'vitest';
import { chatStorageKey } from './mount';
import {
  api,
  assistant,
  button,
  container,
  institutionId,
  mount,
  owner,
  put,
  setUpChat,
  text,
  type,
  until,
} from './testing/chat-world';

setUpChat();

it('lets a visitor chat with a person: waiting, joined, their replies live, silence from the assistant, back', async () => {
  await put('', { live_chat: { ...DEFAULT_LIVE_CHAT, enabled: true } });
  try {
    const root = mount();
    await until(() => text().includes('Hi!'));
    type('Do you sell helicopters?');
    await until(() => button('Chat with a person now') !== undefined);
    act(() => button('Chat with a person now')!.click());
    await until(() => text().includes('Waiting for a person…'));
    const conversationId = (
      JSON.parse(localStorage.getItem(chatStorageKey(assistant.external_id))!) as {
        guestConversationId: string;
      }
    ).guestConversationId;

    // Staff take it over and reply: the visitor sees both, live.
    const staff = (path: string, json?: unknown) =>
      api.server.call(`/api/conversation/${conversationId}/${path}`, {
        method: 'POST',
        token: owner.token,
        institution: institutionId,
        ...(json === undefined ? {} : { json }),
      });
    expect((await staff('takeover', {})).status).toBe(200);
    await until(() => /joined the conversation/.test(text()));
    await staff('typing');
    await until(() => root.querySelector('.cv-typing') !== null);
    expect((await staff('reply', { text: 'Hello! How can I help?' })).status).toBe(201);
    await until(() => text().includes('Hello! How can I help?'));
    const reply = root.querySelector('.cv-agent:last-of-type')!;
    expect(reply.querySelector('.cv-who')!.textContent).toBeTruthy();
    expect(root.querySelector('.cv-typing')).toBeNull();

    // A reload keeps the person's replies and goes on following them.
    mount();
    await until(() => text().includes('Hello! How can I help?'));
    expect((await staff('reply', { text: 'Are you still there?' })).status).toBe(201);
    await until(() => text().includes('Are you still there?'));
    const root2 = container!;

    // The visitor answers: the assistant stays silent.
    const answersBefore = root2.querySelectorAll('.cv-assistant').length;
    type('I want two helicopters');
    await until(() => text().includes('I want two helicopters'));
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 300)));
    expect(root2.querySelectorAll('.cv-assistant').length).toBe(answersBefore);
    expect(root2.querySelector('[aria-busy="true"]')).toBeNull();

    // Handed back: the assistant answers again.
    await staff('release');
    await until(() => text().includes("You're back with the assistant."));
    type('How much is the tuition fee?');
    await until(() => root2.querySelectorAll('.cv-assistant').length > answersBefore);
  } finally {
    await put('', { live_chat: DEFAULT_LIVE_CHAT });
  }
});

it('offers the contact form instead when nobody is there (out of office hours)', async () => {
  const today = new Date().getUTCDay();
  await put('', {
    live_chat: {
      ...DEFAULT_LIVE_CHAT,
      enabled: true,
      hours: [{ day: (today + 3) % 7, from: '00:00', to: '23:59' }],
    },
  });
  try {
    mount();
    await until(() => text().includes('Hi!'));
    type('Do you sell helicopters?');
    await until(() => button('Chat with a person now') !== undefined);
    act(() => button('Chat with a person now')!.click());
    await until(() => container!.querySelector('form.cv-contact') !== null);
    expect(text()).not.toContain('Waiting for a person…');
  } finally {
    await put('', { live_chat: DEFAULT_LIVE_CHAT });
  }
});
