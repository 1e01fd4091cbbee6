/**
 * The chat app against the real server in-process (docs/architecture.md#tests), rendered by Preact as it ships:
 * suggested questions, a streamed answer with its sources and the handoff card, the conversation
 * restored after a reload and deleted on request, a message kept with a retry button when the
 * network fails, the inactive link's text, an unknown assistant, Spanish, the close button of the
 * embedded frame, the public page's layout, and the thumbs under an answer. A person in the
 * conversation: chat-live.test.tsx.
 */
import type { WidgetAssistant } from '@conversa/contract/chat';
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
  name,
  owner,
  put,
  setUpChat,
  text,
  textarea,
  type,
  until,
} from './testing/chat-world';

setUpChat();

it('asks a suggested question and streams the answer with its sources', async () => {
  const root = mount();
  await until(() => text().includes('Hi! Ask me anything.'));
  expect(root.querySelector('h1')!.textContent).toBe(name);
  const list = root.querySelector('ol')!;
  // Not a live region (it would read the answer piece by piece): a status announces whole answers.
  expect(list.getAttribute('aria-live')).toBeNull();
  expect(list.getAttribute('aria-label')).toBe('Conversation');
  const announced = () => root.querySelector('.cv-sr[role="status"]')!.textContent;
  expect(announced()).toBe('');
  expect(document.activeElement).toBe(textarea());
  // Not inside a frame: no close button.
  expect(button('Close chat')).toBeUndefined();
  expect(root.querySelector<HTMLElement>('.cv-chat')!.style.getPropertyValue('--cv-accent')).toBe('#aa3300');

  // The first question starts a conversation: the chat stays as it is (no loading notice, the same
  // input), and does not read back the conversation it has just started.
  const input = textarea();
  const notices: string[] = [];
  const announcements: string[] = [];
  const watcher = new MutationObserver(() => {
    const notice = root.querySelector('.cv-note');
    if (notice) notices.push(notice.textContent ?? '');
    if (announced() !== announcements.at(-1)) announcements.push(announced() ?? '');
  });
  watcher.observe(root, { childList: true, subtree: true });
  act(() => button('How much is the tuition fee?')!.click());
  await until(() => text().includes('Sources: How much is the tuition fee?'));
  await until(() => !announced()?.startsWith('Writing'));
  watcher.disconnect();
  expect(notices).toEqual([]);
  // Announced twice: that it is writing, then the whole answer as plain text.
  expect(announcements).toEqual([
    'Writing…',
    'The tuition fee is 450 euros a month. Sources: How much is the tuition fee?',
  ]);
  expect(textarea()).toBe(input);
  expect(
    api.requests.filter((seen) => seen.path.startsWith('public/conversation/') && seen.method === 'GET'),
  ).toEqual([]);
  const answer = root.querySelector('.cv-assistant:last-child')!;
  expect(answer.querySelector('strong')!.textContent).toBe('450 euros');
  expect(answer.textContent).toContain('The tuition fee is 450 euros a month.');
  expect(answer.getAttribute('aria-busy')).toBeNull();
  // Once asked, the suggestions give way to the conversation.
  expect(root.querySelector('[role="group"]')).toBeNull();
  expect(document.activeElement).toBe(textarea());

  const stored = JSON.parse(localStorage.getItem(chatStorageKey(assistant.external_id))!) as Record<
    string,
    unknown
  >;
  expect(stored).toMatchObject({ guestJwt: expect.any(String), guestConversationId: expect.any(String) });
});

it('shows the handoff card when the assistant cannot answer', async () => {
  mount();
  await until(() => text().includes('Hi!'));
  type('Do you sell helicopters?');
  await until(() => text().includes('Talk to a person'));
  const card = container!.querySelector('.cv-handoff')!;
  expect(card.textContent).toContain('Ana Ruiz');
  expect(card.textContent).toContain('Hours: 9-17');
  expect(card.querySelector('a')!.getAttribute('href')).toBe('mailto:ana@colegio.example');
});

it('lets a visitor who wants a person leave their details, checked by the server', async () => {
  mount();
  await until(() => text().includes('Hi!'));
  type('Do you sell helicopters?');
  await until(() => text().includes('Talk to a person'));
  act(() => button('Leave your details and we will contact you')!.click());
  // The form is its own chunk, fetched now.
  await until(() => container!.querySelector('form.cv-contact') !== null);
  const form = container!.querySelector<HTMLFormElement>('form.cv-contact')!;
  const input = (name: string) => form.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
  const submit = () => act(() => form.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
  act(() => {
    input('name').value = 'Lucía';
    input('phone').value = '55 1234 5678';
  });
  submit();
  // No consent: the server's text, under the checkbox, tied to it for screen readers.
  await until(() => input('consent').getAttribute('aria-invalid') === 'true');
  const hint = document.getElementById(input('consent').getAttribute('aria-describedby')!)!;
  expect(hint.textContent).toBe('Please accept the privacy notice to be contacted.');
  act(() => {
    input('consent').checked = true;
  });
  submit();
  await until(() => text().includes('Thank you. A person will contact you soon.'));
  expect(container!.querySelector('form.cv-contact')).toBeNull();
  const conversationId = JSON.parse(localStorage.getItem(chatStorageKey(assistant.external_id))!)
    .guestConversationId as string;
  const detail = await api.server.call<{ data: { contact: { name: string; phone: string } } }>(
    `/api/conversation/${conversationId}`,
    { token: owner.token, institution: institutionId },
  );
  // A local number read with the institution's country (Mexico).
  expect(detail.body.data.contact).toMatchObject({ name: 'Lucía', phone: '+525512345678' });
});

it('keeps the conversation across a reload', async () => {
  mount();
  await until(() => text().includes('Hi!'));
  type('How much is the tuition fee?');
  await until(() => text().includes('Sources:'));
  const before = api.received(`public/assistant/${assistant.external_id}/session`, 'POST').length;

  const root = mount();
  await until(() => text().includes('450 euros'));
  expect([...root.querySelectorAll('.cv-user')].map((li) => li.textContent)).toEqual([
    'You: How much is the tuition fee?',
  ]);
  // The same conversation, not a new session.
  type('And the bus?');
  await until(() => root.querySelectorAll('.cv-user').length === 2 && !root.querySelector('[aria-busy]'));
  expect(api.received(`public/assistant/${assistant.external_id}/session`, 'POST')).toHaveLength(before);
});

it('lets a visitor delete their conversation after saying yes; the next question starts a new one', async () => {
  const root = mount();
  await until(() => text().includes('Hi!'));
  type('How much is the tuition fee?');
  await until(() => text().includes('Sources:'));
  const sessions = api.received(`public/assistant/${assistant.external_id}/session`, 'POST').length;
  act(() => button('Delete this conversation')!.click());
  // Cancel keeps it.
  await until(() => button('Cancel') !== undefined);
  act(() => button('Cancel')!.click());
  await until(() => button('Delete this conversation') !== undefined);
  expect(root.querySelectorAll('.cv-user')).toHaveLength(1);

  act(() => button('Delete this conversation')!.click());
  await until(() => button('Yes, delete') !== undefined);
  act(() => button('Yes, delete')!.click());
  await until(() => root.querySelectorAll('.cv-user').length === 0);
  const deletes = api.requests.filter(
    (r) => r.method === 'POST' && /^public\/conversation\/[^/]+\/delete$/.test(r.path),
  );
  expect(deletes).toHaveLength(1);

  type('How much is the tuition fee?');
  await until(() => text().includes('Sources:'));
  expect(api.received(`public/assistant/${assistant.external_id}/session`, 'POST')).toHaveLength(
    sessions + 1,
  );
});

it('keeps a message that could not be sent, with a retry button', async () => {
  let offline = false;
  const flaky: typeof fetch = (input, init) =>
    offline ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init);
  const root = mount({ fetch: flaky });
  await until(() => text().includes('Hi!'));
  offline = true;
  type('How much is the tuition fee?');
  await until(() => root.querySelector('[role="alert"]') !== null);
  expect(root.querySelector('[role="alert"]')!.textContent).toContain(
    'The message could not be sent. Check your connection and try again.',
  );
  expect(textarea().value).toBe('How much is the tuition fee?');
  expect(root.querySelectorAll('.cv-user')).toHaveLength(0);

  offline = false;
  act(() => button('Retry')!.click());
  await until(() => text().includes('Sources:'));
  expect(root.querySelector('[role="alert"]')).toBeNull();
  expect(textarea().value).toBe('');
});

it("shows the server's refusal of a message in its words", async () => {
  const root = mount();
  await until(() => text().includes('Hi!'));
  // Past the limit the textarea enforces: a paste through script, as a hostile page could not but a bug might.
  act(() => {
    textarea().removeAttribute('maxlength');
  });
  type('x'.repeat(2001));
  await until(() => root.querySelector('[role="alert"]') !== null);
  expect(root.querySelector('[role="alert"]')!.textContent).not.toContain('Check your connection');
  expect(textarea().value).toHaveLength(2001);
});

it('shows the inactive-link text and no chat when the public link is off', async () => {
  await put('', { public_link_active: false });
  try {
    const root = mount();
    await until(() =>
      text().includes('Nothing here yet. The chat link is inactive - please contact your institution'),
    );
    expect(root.querySelector('textarea')).toBeNull();
    expect(root.querySelector('.cv-note[role="status"]')).not.toBeNull();
  } finally {
    await put('', { public_link_active: true });
  }
});

it('shows the assistant the page was rendered with before any request', async () => {
  const { body } = await api.server.call<{ data: WidgetAssistant }>(
    `/api/public/assistant/${assistant.external_id}`,
  );
  const before = api.received(`public/assistant/${assistant.external_id}`, 'GET').length;
  mount({ initialAssistant: { ...body.data, name: 'As rendered' } });
  // In the first render: no loading notice, no wait.
  expect(container!.querySelector('h1')!.textContent).toBe('As rendered');
  expect(textarea()).not.toBeNull();
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 50)));
  expect(api.received(`public/assistant/${assistant.external_id}`, 'GET')).toHaveLength(before);
});

it('says so for an assistant that does not exist', async () => {
  mount({ externalId: 'no-such-assistant' });
  await until(() => text().includes('This chat does not exist.'));
  expect(container!.querySelector('textarea')).toBeNull();
});

it('speaks Spanish, and shows a close button when embed.js can close it', async () => {
  let closed = 0;
  mount({ locale: 'es', onClose: () => closed++ });
  await until(() => textarea()?.placeholder === 'Escribe tu pregunta');
  expect(button('Enviar')).toBeDefined();
  expect(container!.querySelector('[role="group"]')!.getAttribute('aria-label')).toBe('Preguntas sugeridas');
  act(() => button('Cerrar chat')!.click());
  expect(closed).toBe(1);
});

it("lays out a public page as the institution's own: header, greeting and cards, footer", async () => {
  const root = mount({ layout: 'page' });
  await until(() => text().includes('Hi! Ask me anything.'));
  const chat = root.querySelector<HTMLElement>('.cv-chat')!;
  expect(chat.classList.contains('cv-page')).toBe(true);
  // The header in the assistant's colour, with text that reads on it.
  expect(chat.style.getPropertyValue('--cv-accent')).toBe('#aa3300');
  expect(chat.style.getPropertyValue('--cv-on-accent')).toBe('#fff');
  expect(root.querySelector('header h1')!.textContent).toBe(name);
  // Before the first question: the greeting and the suggested questions as cards, no message list.
  const welcome = root.querySelector('main section[aria-label="Welcome"]')!;
  expect(welcome.querySelector('.cv-greeting')!.textContent).toBe('Hi! Ask me anything.');
  expect(welcome.querySelector('[role="group"]')!.textContent).toBe('How much is the tuition fee?');
  expect(root.querySelector('ol')).toBeNull();
  expect(document.activeElement).toBe(textarea());
  // The footer: an AI writes the answers, the privacy policy in a new tab, whose product it is.
  const footer = root.querySelector('footer')!;
  expect(footer.textContent).toContain('Answers are written by an AI assistant and can contain mistakes.');
  expect(footer.textContent).toContain('Powered by Conversa');
  const privacy = footer.querySelector('a')!;
  expect([privacy.textContent, privacy.getAttribute('href'), privacy.target]).toEqual([
    'Privacy policy',
    '/privacy',
    '_blank',
  ]);

  // A card asks its question; the conversation takes the welcome's place, the greeting first.
  act(() => button('How much is the tuition fee?')!.click());
  await until(() => text().includes('Sources: How much is the tuition fee?'));
  expect(root.querySelector('section[aria-label="Welcome"]')).toBeNull();
  const messages = [...root.querySelectorAll('main ol > li')].map((item) => item.className);
  expect(messages).toEqual(['cv-msg cv-assistant', 'cv-msg cv-user', 'cv-msg cv-assistant']);
  expect(root.querySelector('footer')).not.toBeNull();
});

it('welcomes in the institution’s name on a public page whose assistant has no greeting, in Spanish, offering its FAQs', async () => {
  await put('', { snippet: { greeting: '', color: '#fde047' }, suggested_questions: [] });
  try {
    const root = mount({ layout: 'page', locale: 'es' });
    await until(() => text().includes('Haz una pregunta para empezar.'));
    expect(root.querySelector('section .cv-greeting h2')!.textContent).toBe('Bienvenido a Colegio Sur');
    // No suggested questions of its own: the FAQs' are offered as cards.
    expect(root.querySelector('section [role="group"]')!.textContent).toBe('How much is the tuition fee?');
    // A pale colour gets dark text.
    expect(root.querySelector<HTMLElement>('.cv-chat')!.style.getPropertyValue('--cv-on-accent')).toBe(
      '#111',
    );
    expect(root.querySelector('footer a')!.textContent).toBe('Política de privacidad');

    // An FAQ's card asks it; the welcome opens the conversation.
    act(() => button('How much is the tuition fee?')!.click());
    await until(() => text().includes('450 euros'));
    const messages = [...root.querySelectorAll('main ol > li')].map((item) => item.textContent);
    expect(messages[0]).toBe('Bienvenido a Colegio Sur');
    expect(messages[1]).toMatch(/How much is the tuition fee\?$/);
  } finally {
    await put('', {
      snippet: { greeting: 'Hi! Ask me anything.', color: '#aa3300' },
      suggested_questions: ['How much is the tuition fee?'],
    });
  }
});

it('welcomes in the institution’s name in the embedded frame of an assistant without a greeting, with its FAQs to ask', async () => {
  await put('', { snippet: { greeting: '', color: '#aa3300' }, suggested_questions: [] });
  try {
    const root = mount({});
    await until(() => text().includes('Welcome to Colegio Sur'));
    expect(root.querySelector('ol > li.cv-assistant')!.textContent).toBe('Welcome to Colegio Sur');
    expect(root.querySelector('[role="group"]')!.textContent).toBe('How much is the tuition fee?');
    act(() => button('How much is the tuition fee?')!.click());
    await until(() => text().includes('450 euros'));
    expect(root.querySelector('ol > li.cv-user')!.textContent).toBe('You: How much is the tuition fee?');
  } finally {
    await put('', {
      snippet: { greeting: 'Hi! Ask me anything.', color: '#aa3300' },
      suggested_questions: ['How much is the tuition fee?'],
    });
  }
});

it('rates an answer with the thumbs pair and, after a thumbs down, says what was wrong; a reload shows the rating', async () => {
  mount();
  await until(() => text().includes('Hi! Ask me anything.'));
  type('How much is the tuition fee?');
  // The thumbs come with the whole answer (their own chunk).
  await until(() => container!.querySelectorAll('.cv-rate button[aria-pressed]').length === 2);
  const group = container!.querySelector('.cv-rate [role="group"]')!;
  expect(group.getAttribute('aria-label')).toBe('Rate this answer');
  const [up, down] = [...container!.querySelectorAll<HTMLButtonElement>('.cv-rate button[aria-pressed]')];
  expect(up!.textContent).toContain('Helpful');
  expect(down!.getAttribute('aria-pressed')).toBe('false');

  act(() => down!.click());
  await until(() => text().includes('What was wrong?'));
  expect(down!.getAttribute('aria-pressed')).toBe('true');
  const reason = container!.querySelector<HTMLInputElement>('.cv-rate input')!;
  expect(reason.maxLength).toBe(500);
  act(() => {
    reason.value = 'The fee changed in September';
    reason.dispatchEvent(new Event('input', { bubbles: true }));
  });
  act(() => container!.querySelector<HTMLFormElement>('.cv-rate form')!.requestSubmit());
  await until(() => text().includes('Thanks!'));

  // Staff find it in the review queue, with the reason.
  const queue = await api.server.call<{ data: { question: string; rating: string; comment: string }[] }>(
    `/api/institution-product/${assistant.id}/review?reason=down`,
    { token: owner.token, institution: institutionId },
  );
  expect(queue.body.data[0]).toMatchObject({
    question: 'How much is the tuition fee?',
    rating: 'down',
    comment: 'The fee changed in September',
  });

  // A reload shows the conversation with its rating.
  mount();
  await until(() => container!.querySelectorAll('.cv-rate button[aria-pressed="true"]').length === 1);
  expect(
    container!
      .querySelectorAll<HTMLButtonElement>('.cv-rate button[aria-pressed]')[1]!
      .getAttribute('aria-pressed'),
  ).toBe('true');
});
