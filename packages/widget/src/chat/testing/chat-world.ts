/**
 * The chat tests' world (docs/architecture.md#tests): the real server in-process, a school whose
 * assistant has an FAQ, a suggested question, a handoff contact and a greeting, and the chat app
 * rendered by Preact as it ships. `setUpChat()` in a test file starts it; the exported bindings are
 * live (they change as the world does).
 */
import type { AssistantDetail } from '@conversa/contract/assistant';
import { startApi, type TestApi } from '@conversa/data/testing/api';
import { createSignedInUser } from '@conversa/server/testing';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { mountChat, type MountOptions } from '../mount';

export let api: TestApi;
export let owner: { token: string };
export let institutionId: number;
export let assistant: AssistantDetail;
/** The assistant's name, as its list item gives it. */
export let name: string;
export let container: HTMLElement | null = null;

/** `PUT institution-product/{id}` (and friends) as the owner; fails the test unless it succeeds. */
export async function put(path: string, json: unknown) {
  const { status, body } = await api.server.call(`/api/institution-product/${assistant.id}${path}`, {
    method: 'PUT',
    token: owner.token,
    institution: institutionId,
    json,
  });
  if (status !== 200) throw new Error(`PUT ${path} answered ${status}: ${JSON.stringify(body)}`);
  return (body as { data: AssistantDetail }).data;
}

/** Starts the world for the test file that calls it (its hooks). */
export function setUpChat() {
  beforeAll(startWorld);
  afterAll(() => api.close());
  afterEach(() => {
    unmount();
    localStorage.clear();
  });
}

async function startWorld() {
  api = await startApi();
  owner = await createSignedInUser(api.server);
  const created = await api.server.call<{ data: { id: number } }>('/api/institution', {
    token: owner.token,
    json: { name: 'Colegio Sur', kind: 'school', country: 'MX' },
  });
  institutionId = created.body.data.id;
  const assistants = await api.server.call<{ data: AssistantDetail[] }>(
    `/api/institution/${institutionId}/product`,
    { token: owner.token },
  );
  assistant = assistants.body.data[0]!;
  name = assistant.product.name;
  await put('/faq', {
    faqs: [{ question: 'How much is the tuition fee?', answer: 'The tuition fee is **450 euros** a month.' }],
  });
  assistant = await put('', {
    suggested_questions: ['How much is the tuition fee?'],
    handoff: { name: 'Ana Ruiz', email: 'ana@colegio.example', phone: null, hours: '9-17', message: null },
    snippet: { greeting: 'Hi! Ask me anything.', color: '#aa3300' },
  });
}

export function unmount() {
  if (container) act(() => render(null, container!));
  container?.remove();
  container = null;
}

/** Waits in real time until `check` passes, flushing Preact's updates on each turn. */
export async function until(check: () => boolean, timeoutMs = 5000) {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > timeoutMs) {
      throw new Error(`condition not met within ${timeoutMs} ms; on screen: ${container?.textContent}`);
    }
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 5)));
  }
}

/** Renders the chat of the assistant (a reload is a second call: a fresh client on the same storage). */
export function mount(options: Partial<MountOptions> = {}) {
  unmount();
  const root = document.createElement('div');
  document.body.append(root);
  container = root;
  act(() =>
    mountChat(root, { api: api.baseUrl, locale: 'en', externalId: assistant.external_id, ...options }),
  );
  return root;
}

export const text = () => container?.textContent ?? '';
export const textarea = () => container!.querySelector('textarea')!;
export const button = (label: string) =>
  [...container!.querySelectorAll('button')].find((b) => b.textContent === label || b.ariaLabel === label);

/** Types into the input and sends with Enter. */
export function type(value: string) {
  act(() => {
    textarea().value = value;
    textarea().dispatchEvent(new Event('input', { bubbles: true }));
  });
  act(() => {
    textarea().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  });
}
