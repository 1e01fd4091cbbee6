/**
 * Storybook fixtures of the trainer screens: assistants, files in every state, FAQs, lead and order
 * fields, and MSW
 * handlers for their endpoints, including the event stream (kept open, or playing a state change).
 */
import { type AssistantDetail, DEFAULT_LIVE_CHAT, type Faq } from '@conversa/contract/assistant';
import type { PreviewAnswer } from '@conversa/contract/conversation';
import type { FieldDefinition } from '@conversa/contract/sales';
import { type AssistantFile, FILE_EVENT, type FileEvent } from '@conversa/contract/knowledge';
import { http, HttpResponse } from 'msw';
import { API, baseHandlers, ok } from '../../testing/stories';
import { pagesPage, websiteHandlers, websites } from './website-story-fixtures';

export const assistant: AssistantDetail = {
  id: 11,
  external_id: 'a1b2c3',
  institution_id: 7,
  product: { type: 'admission', name: 'Admisiones Colegio Sol', logo: null },
  suggested_questions: ['¿Cuándo abre la matrícula?', '¿Hay comedor?'],
  handoff: {
    name: 'Marta Gil',
    email: 'admisiones@colegiosol.es',
    phone: '+34600000001',
    hours: 'Lun–vie, 9:00–14:00',
    message: 'Te llamamos en menos de un día.',
  },
  handoff_email_confirmed: true,
  public_link_active: true,
  snippet: { allowed_origins: [], color: '#2563eb', position: 'right', greeting: '' },
  live_chat: DEFAULT_LIVE_CHAT,
  public_url: 'https://conversa.example/admissions/7',
  embed_snippet: '<script src="https://conversa.example/embed.js" data-assistant="a1b2c3" async></script>',
};

export const salesAssistant: AssistantDetail = {
  ...assistant,
  id: 12,
  product: { type: 'sales_support', name: 'Ventas Muebles Norte', logo: null },
  suggested_questions: [],
  handoff: null,
  handoff_email_confirmed: false,
};

const day = '2025-03-04T09:30:00.000Z';
const file = (
  id: number,
  name: string,
  type: AssistantFile['type'],
  size: number,
  rest: Partial<AssistantFile> = {},
) =>
  ({
    id,
    name,
    type,
    size,
    state: 'ready',
    reason: null,
    created_at: day,
    updated_at: day,
    ...rest,
  }) as AssistantFile;

/** One file per state and failure kind worth seeing. */
export const files: AssistantFile[] = [
  file(5, 'Calendario escolar 2025.pdf', 'pdf', 845_000, { state: 'processing' }),
  file(4, 'Reglamento interno.docx', 'docx', 120_400),
  file(3, 'Folleto escaneado.pdf', 'pdf', 2_400_000, { state: 'failed', reason: 'no_text_layer' }),
  file(2, 'Cuotas.pdf', 'pdf', 56_000, { state: 'failed', reason: 'encrypted' }),
  file(1, 'Horarios.txt', 'txt', 2_300),
];

export const faqs: Faq[] = [
  { question: '¿Hay ruta escolar?', answer: 'Sí, con tres recorridos por la ciudad.' },
  { question: '¿Qué incluye la cuota?', answer: 'Clases, comedor y actividades de tarde.' },
];

const encoder = new TextEncoder();

/** One event of the stream: a file's (the default kind) or another kind's. */
export type StreamEvent = FileEvent | { event: string; data: unknown };

/** An event stream that stays open and sends `events` (each after `everyMs`). */
export function eventStream(events: StreamEvent[] = [], everyMs = 1500) {
  return () => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(': connected\n\n'));
        events.forEach((event, index) => {
          timers.push(
            setTimeout(
              () => {
                const [name, data] = 'event' in event ? [event.event, event.data] : [FILE_EVENT, event];
                controller.enqueue(encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`));
              },
              everyMs * (index + 1),
            ),
          );
        });
      },
      cancel() {
        timers.forEach(clearTimeout);
      },
    });
    return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
  };
}

/** A sales-support assistant's configured fields: a required number and a list; an order date. */
export const leadFields: FieldDefinition[] = [
  {
    key: 'budget',
    labels: { en: 'Budget (€)', es: 'Presupuesto (€)' },
    type: 'number',
    required: true,
    options: [],
  },
  {
    key: 'channel',
    labels: { en: 'Channel', es: 'Canal' },
    type: 'select',
    required: false,
    options: ['Tienda', 'Online', 'Distribuidor'],
  },
];
export const orderFields: FieldDefinition[] = [
  {
    key: 'delivery_date',
    labels: { en: 'Delivery date', es: 'Fecha de entrega' },
    type: 'date',
    required: false,
    options: [],
  },
];

/** The trainer's endpoints answered from the fixtures (one assistant per id). */
export function trainerHandlers({
  list = files,
  events = eventStream(),
  sites = websites,
}: { list?: AssistantFile[]; events?: ReturnType<typeof eventStream>; sites?: typeof websites } = {}) {
  const byId = (id: unknown) => (Number(id) === salesAssistant.id ? salesAssistant : assistant);
  return [
    http.get(`${API}/institution-product/:id`, ({ params }) => ok(byId(params.id))),
    http.put(`${API}/institution-product/:id`, async ({ params, request }) =>
      ok({ ...byId(params.id), ...((await request.json()) as object) }),
    ),
    http.get(`${API}/institution-product/:id/knowledge-base`, () =>
      ok({
        text: 'Horario de secretaría: de lunes a viernes, de 9:00 a 14:00.\nLa matrícula abre en marzo.',
      }),
    ),
    http.put(`${API}/institution-product/:id/knowledge-base`, async ({ request }) =>
      ok(await request.json()),
    ),
    http.get(`${API}/institution-product/:id/faq`, () => ok({ faqs })),
    http.get(`${API}/institution-product/:id/lead-fields`, () => ok({ fields: leadFields })),
    http.get(`${API}/institution-product/:id/order-fields`, () => ok({ fields: orderFields })),
    http.put(`${API}/institution-product/:id/lead-fields`, async ({ request }) => ok(await request.json())),
    http.put(`${API}/institution-product/:id/order-fields`, async ({ request }) => ok(await request.json())),
    http.put(`${API}/institution-product/:id/faq`, async ({ request }) => ok(await request.json())),
    http.get(`${API}/institution-product/:id/file`, () => ok(list)),
    http.post(`${API}/institution-product/:id/file`, async ({ request }) => {
      const form = await request.formData();
      const now = new Date().toISOString();
      const uploaded = form.getAll('files').map((value, index) => {
        const chosen = value as File;
        const type = (chosen.name.split('.').pop()?.toLowerCase() ?? 'txt') as AssistantFile['type'];
        return file(100 + index, chosen.name, type, chosen.size, { state: 'processing', created_at: now });
      });
      return ok(uploaded, { status: 201 });
    }),
    http.post(`${API}/institution-product/:id/file/delete`, () =>
      ok({ message: 'Delete successfully.', code: 'deleted' }),
    ),
    http.get(`${API}/institution-product/:id/events`, events),
    ...websiteHandlers(sites, pagesPage),
    http.post(`${API}/institution-product/:id/preview`, async ({ request }) => {
      const { text } = (await request.json()) as { text: string };
      if (/admisi|admission/i.test(text)) return ok(previewFromWebsite);
      return ok(/horario|hours/i.test(text) ? previewAnswered : previewNotFound);
    }),
    ...baseHandlers,
  ];
}

/** "Try it": an answer quoted from the knowledge-base text, with the passages looked at. */
export const previewAnswered: PreviewAnswer = {
  conversation_id: '7c9e6679-7425-40de-944b-e07fc1f090ae',
  message_id: 2,
  text: 'Horario de secretaría: de lunes a viernes, de 9:00 a 14:00.',
  sources: [{ kind: 'knowledge_base', title: null, file_id: null }],
  handoff: null,
  answered: true,
  method: 'extractive',
  words: ['horario', 'secretaria'],
  unknown_words: [],
  confidence: 0.82,
  needed_confidence: 0.24,
  follow_up: false,
  translation: null,
  passages: [
    {
      source: { kind: 'knowledge_base', title: null, file_id: null },
      excerpt: 'Horario de secretaría: de lunes a viernes, de 9:00 a 14:00. La matrícula abre en marzo.',
      hits: 2,
      support: 1,
      strong: false,
      used: true,
    },
    {
      source: { kind: 'file', title: 'Calendario escolar 2026.pdf', file_id: 2 },
      excerpt: 'El horario de las clases es de 8:30 a 16:30, con comedor de 13:00 a 14:30.',
      hits: 1,
      support: 0.31,
      strong: false,
      used: false,
    },
  ],
};

/** "Try it": nothing good enough, so it said it did not know and offered the handoff contact. */
export const previewNotFound: PreviewAnswer = {
  ...previewAnswered,
  text: 'No tengo esa información. Puedes hablar con una persona del equipo.',
  sources: [],
  handoff: {
    name: 'Ana García',
    email: 'admisiones@colegio.example',
    phone: null,
    hours: null,
    message: null,
  },
  answered: false,
  method: 'not_found',
  words: ['planetario', 'observatorio'],
  unknown_words: ['planetario', 'observatorio'],
  passages: [],
};

/** "Try it": an answer quoted from a page of the school's website, cited with its title and link. */
export const previewFromWebsite: PreviewAnswer = {
  ...previewAnswered,
  text: 'Las solicitudes de admisión para 2025-2026 se presentan del 1 al 31 de marzo.',
  sources: [
    {
      kind: 'website',
      title: 'Admisiones 2025-2026',
      file_id: null,
      url: 'https://www.colegiosol.es/admisiones/',
    },
  ],
  words: ['solicitudes', 'admision'],
  passages: [
    {
      source: {
        kind: 'website',
        title: 'Admisiones 2025-2026',
        file_id: null,
        url: 'https://www.colegiosol.es/admisiones/',
      },
      excerpt: 'Las solicitudes de admisión para 2025-2026 se presentan del 1 al 31 de marzo en secretaría.',
      hits: 2,
      support: 1,
      strong: false,
      used: true,
    },
  ],
};
