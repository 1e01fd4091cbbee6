/** Story data for the assistant screens: one assistant of the stories' school, and its MSW handlers. */
import { type AssistantDetail, DEFAULT_LIVE_CHAT } from '@conversa/contract/assistant';
import type { Issue } from '@conversa/contract/common';
import { http, type HttpHandler } from 'msw';
import { API, baseHandlers, business, fail, forever, ok, school } from '../../testing/stories';

/** A sample logo (inline, so stories need no server). */
export const sampleLogo = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="28" fill="#f59e0b"/><circle cx="32" cy="32" r="12" fill="#fff7ed"/></svg>',
)}`;

/** The stories' admissions assistant. */
export const assistant: AssistantDetail = {
  id: 21,
  external_id: 'a1b2c3d4e5f6',
  institution_id: school.id,
  product: { type: 'admission', name: 'Admisiones Colegio Sol', logo: sampleLogo },
  suggested_questions: ['When does enrolment open?', 'How much are the fees?'],
  handoff: null,
  handoff_email_confirmed: false,
  public_link_active: true,
  snippet: {
    allowed_origins: ['https://colegiosol.es'],
    color: '#4338ca',
    position: 'right',
    greeting: 'Hi! Ask me anything about admissions.',
  },
  live_chat: DEFAULT_LIVE_CHAT,
  public_url: `https://conversa.example/admissions/${school.id}`,
  embed_snippet:
    '<script src="https://conversa.example/embed.js" data-assistant="a1b2c3d4e5f6" async></script>',
};

/** The same assistant before any setup: no logo, no questions, default snippet. */
export const blankAssistant: AssistantDetail = {
  ...assistant,
  product: { ...assistant.product, logo: null },
  suggested_questions: [],
  snippet: { allowed_origins: [], color: '#2563eb', position: 'right', greeting: '' },
};

/** GET, PUT (merging the snippet as the server does) and logo upload of one assistant. */
export function assistantHandlers(start: AssistantDetail = assistant): HttpHandler[] {
  let current = start;
  return [
    http.get(`${API}/institution-product/:id`, () => ok(current)),
    http.put(`${API}/institution-product/:id`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown> & { name?: string; snippet?: object };
      const { name, snippet, ...rest } = body;
      current = {
        ...current,
        ...rest,
        product: { ...current.product, ...(name ? { name } : {}) },
        snippet: { ...current.snippet, ...snippet },
      } as AssistantDetail;
      return ok(current);
    }),
    http.post(`${API}/institution-product/:id/logo`, () => {
      current = { ...current, product: { ...current.product, logo: sampleLogo } };
      return ok(current);
    }),
  ];
}

/** Story parameters for an assistant screen: `first` wins, then the assistant's and the session's handlers. */
export function assistantParameters(start: AssistantDetail = assistant, ...first: HttpHandler[]) {
  return { msw: { handlers: [...first, ...assistantHandlers(start), ...baseHandlers] } };
}

/** The assistant never arrives: the screen stays waiting. */
export const assistantWaiting = assistantParameters(
  assistant,
  http.get(`${API}/institution-product/:id`, forever),
);

/** The assistant does not exist, or belongs to another institution. */
export const assistantNotFound = assistantParameters(
  assistant,
  http.get(`${API}/institution-product/:id`, () => fail(404, 'not_found', 'Not found')),
);

/** A save of the assistant refused with these field issues. */
export const saveRefused = (issues: Issue[]) =>
  http.put(`${API}/institution-product/:id`, () =>
    fail(400, 'validation_failed', 'Some fields are not valid. Check them and try again.', issues),
  );

/** The setup's calls: create (by the body's type), then the steps' saves. */
export function setupHandlers(): HttpHandler[] {
  let created: AssistantDetail | null = null;
  return [
    http.post(`${API}/institution-product`, async ({ request }) => {
      const body = (await request.json()) as {
        type: AssistantDetail['product']['type'];
        name: string;
      };
      created = {
        ...blankAssistant,
        id: 30,
        institution_id: body.type === 'admission' ? school.id : business.id,
        product: { type: body.type, name: body.name, logo: null },
      };
      return ok(created, { status: 201 });
    }),
    http.post(`${API}/institution-product/:id/logo`, () => {
      created = created && { ...created, product: { ...created.product, logo: sampleLogo } };
      return ok(created);
    }),
    http.put(`${API}/institution-product/:id`, async ({ request }) => {
      const body = (await request.json()) as Partial<AssistantDetail> & { name?: string };
      const { name, ...rest } = body;
      created = created && {
        ...created,
        ...rest,
        product: { ...created.product, ...(name ? { name } : {}) },
      };
      return ok(created);
    }),
    http.put(`${API}/institution-product/:id/knowledge-base`, async ({ request }) =>
      ok(await request.json()),
    ),
    http.post(`${API}/institution-product/:id/file`, () => ok([], { status: 201 })),
  ];
}
