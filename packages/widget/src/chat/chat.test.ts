/**
 * The chat app against the real server in-process (DESIGN §10): suggested questions, a streamed answer
 * with its sources and the handoff card, the conversation restored after a reload, a message kept with a
 * retry button when the network fails, and the inactive link's text.
 */
import type { InstitutionProductDetail } from '@conversa/contract/assistant';
import { startApi, type TestApi } from '@conversa/data/testing/api';
import { createSignedInUser } from '@conversa/server/testing';
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { Chat } from './app';
import type { ChatConfig } from './config';
import { createChatApi } from './conversation';
import { messagesFor } from './i18n';

const t = messagesFor('en');
let api: TestApi;
let owner: { token: string };
let institutionId: number;
let product: InstitutionProductDetail;
/** The assistant's name, as its list item gives it. */
let name: string;
let container: HTMLElement | null = null;

/** `PUT institution-product/{id}` (and friends) as the owner; fails the test unless it succeeds. */
async function put(path: string, json: unknown) {
  const { status, body } = await api.server.call(`/api/institution-product/${product.id}${path}`, {
    method: 'PUT',
    token: owner.token,
    institution: institutionId,
    json,
  });
  if (status !== 200) throw new Error(`PUT ${path} answered ${status}: ${JSON.stringify(body)}`);
  return (body as { data: InstitutionProductDetail }).data;
}

beforeAll(async () => {
  api = await startApi();
  owner = await createSignedInUser(api.server);
  const created = await api.server.call<{ data: { id: number } }>('/api/institution', {
    token: owner.token,
    json: { name: 'Colegio Sur', kind: 'school', country: 'MX' },
  });
  institutionId = created.body.data.id;
  const products = await api.server.call<{ data: InstitutionProductDetail[] }>(
    `/api/institution/${institutionId}/product`,
    { token: owner.token },
  );
  product = products.body.data[0]!;
  name = product.product.name;
  await put('/faq', {
    faqs: [{ question: 'How much is the tuition fee?', answer: 'The tuition fee is **450 euros** a month.' }],
  });
  product = await put('', {
    suggested_questions: ['How much is the tuition fee?'],
    handoff: { name: 'Ana Ruiz', email: 'ana@colegio.example', phone: null, hours: '9-17', message: null },
    snippet: { greeting: 'Hi! Ask me anything.', color: '#aa3300' },
  });
});
afterAll(() => api.close());
afterEach(() => {
  if (container) act(() => render(null, container!));
  container?.remove();
  container = null;
  localStorage.clear();
});

/** Waits in real time until `check` passes, flushing Preact's updates on each turn. */
async function until(check: () => boolean, timeoutMs = 5000) {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > timeoutMs) {
      throw new Error(`condition not met within ${timeoutMs} ms; on screen: ${container?.textContent}`);
    }
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 5)));
  }
}

/** Renders the chat of the product in frame mode (a reload is a second call). */
function mount(fetchImpl: typeof fetch = fetch) {
  if (container) act(() => render(null, container!));
  container?.remove();
  container = document.createElement('div');
  document.body.append(container);
  const config: ChatConfig = {
    mode: 'frame',
    external_id: product.external_id,
    api: api.baseUrl,
    parent_origin: 'https://shop.example',
  };
  const root = container;
  act(() =>
    render(h(Chat, { config, api: createChatApi(api.baseUrl, product.external_id, fetchImpl), t }), root),
  );
  return root;
}

const text = () => container?.textContent ?? '';
const textarea = () => container!.querySelector('textarea')!;
const button = (label: string) =>
  [...container!.querySelectorAll('button')].find((b) => b.textContent === label || b.ariaLabel === label)!;

/** Types into the input and sends with Enter. */
function type(value: string) {
  act(() => {
    textarea().value = value;
    textarea().dispatchEvent(new Event('input', { bubbles: true }));
  });
  act(() => {
    textarea().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  });
}

it('asks a suggested question and streams the answer with its sources', async () => {
  const root = mount();
  await until(() => text().includes('Hi! Ask me anything.'));
  expect(root.querySelector('h1')!.textContent).toBe(name);
  expect(root.querySelector('[aria-live="polite"]')).not.toBeNull();
  expect(document.activeElement).toBe(textarea());
  expect(button(t.close)).toBeDefined();

  act(() => button('How much is the tuition fee?').click());
  await until(() => text().includes('Sources: How much is the tuition fee?'));
  const answer = root.querySelector('.cv-assistant:last-child')!;
  expect(answer.querySelector('strong')!.textContent).toBe('450 euros');
  expect(answer.textContent).toContain('The tuition fee is 450 euros a month.');
  // Once asked, the suggestions give way to the conversation.
  expect(root.querySelector('.cv-suggested')).toBeNull();

  const [session] = Object.keys(localStorage).filter((key) => key === `conversa.chat.${product.external_id}`);
  expect(JSON.parse(localStorage.getItem(session!)!).guestJwt).toEqual(expect.any(String));
});

it('shows the handoff card when the assistant cannot answer', async () => {
  mount();
  await until(() => text().includes('Hi!'));
  type('Do you sell helicopters?');
  await until(() => text().includes(t.handoff));
  const card = container!.querySelector('.cv-handoff')!;
  expect(card.textContent).toContain('Ana Ruiz');
  expect(card.querySelector('a')!.getAttribute('href')).toBe('mailto:ana@colegio.example');
});

it('keeps the conversation across a reload', async () => {
  mount();
  await until(() => text().includes('Hi!'));
  type('How much is the tuition fee?');
  await until(() => text().includes('Sources:'));
  const before = api.received('public/assistant/' + product.external_id + '/session', 'POST').length;

  const root = mount();
  await until(() => text().includes('450 euros'));
  expect([...root.querySelectorAll('.cv-user')].map((li) => li.textContent)).toEqual([
    `${t.you}: How much is the tuition fee?`,
  ]);
  // The same conversation, not a new session.
  type('And the bus?');
  await until(() => root.querySelectorAll('.cv-user').length === 2 && !root.querySelector('[aria-busy]'));
  expect(api.received(`public/assistant/${product.external_id}/session`, 'POST')).toHaveLength(before);
});

it('keeps a message that could not be sent, with a retry button', async () => {
  let offline = false;
  const flaky: typeof fetch = (input, init) =>
    offline ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init);
  const root = mount(flaky);
  await until(() => text().includes('Hi!'));
  offline = true;
  type('How much is the tuition fee?');
  await until(() => root.querySelector('[role="alert"]') !== null);
  expect(root.querySelector('[role="alert"]')!.textContent).toContain(t.failed);
  expect(textarea().value).toBe('How much is the tuition fee?');
  expect(root.querySelectorAll('.cv-user')).toHaveLength(0);

  offline = false;
  act(() => button(t.retry).click());
  await until(() => text().includes('Sources:'));
  expect(root.querySelector('[role="alert"]')).toBeNull();
  expect(textarea().value).toBe('');
});

it('shows the inactive-link text and no chat when the public link is off', async () => {
  await put('', { public_link_active: false });
  try {
    const root = mount();
    await until(() => text().includes(t.inactive));
    expect(root.querySelector('textarea')).toBeNull();
  } finally {
    await put('', { public_link_active: true });
  }
});
