/** MSW answers for the conversation screens' stories (Storybook only). */
import type { ChatMessage } from '@conversa/contract/chat';
import type {
  ConversationDetail,
  ConversationListItem,
  Dashboard,
  Overview,
} from '@conversa/contract/conversation';
import { PAGINATION_HEADERS } from '@conversa/contract/http';
import { http, HttpResponse } from 'msw';
import { sampleOverview } from '../../components/overview-panel/sample-overview';
import { API, baseHandlers, ok, quietStream } from '../../testing/stories';

export const ASSISTANT_ID = 12;

/** The signed-in staff member of the stories (`signedIn`'s user), as a conversation's holder. */
export const me = { id: 3, full_name: 'María López' };

const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString();

export const rows: ConversationListItem[] = Array.from({ length: 27 }, (_, index) => ({
  id: `0b8c6f2e-1d1a-4c39-9d7e-${String(index).padStart(12, '0')}`,
  started_at: day(index),
  last_interaction_at: day(index),
  message_count: 2 + (index % 5) * 2,
  first_question: ['¿Cuándo abre la matrícula?', 'What are the fees?', '¿Tienen transporte escolar?'][
    index % 3
  ]!,
  locale: index % 3 === 1 ? 'en' : 'es',
  handoff: index % 3 === 2,
  contact:
    index % 4 === 0
      ? {
          name: 'Lucía Pérez',
          email: 'lucia@example.com',
          phone: null,
          message: null,
          created_at: day(index),
        }
      : null,
  has_overview: index % 2 === 0,
  status: 'assistant',
  agent: null,
  rated_up: index % 3 === 0 ? 1 : 0,
  rated_down: index % 5 === 1 ? 1 : 0,
}));

export const dashboard: Dashboard = {
  conversations: 27,
  questions: 64,
  answered: 52,
  handed_off: 9,
  contacts: 7,
  median_messages: 4,
  rated: 20,
  rated_up: 16,
  satisfaction: 0.8,
  to_review: 6,
  per_day: Array.from({ length: 30 }, (_, index) => {
    const date = new Date(Date.now() - (29 - index) * 86_400_000).toISOString().slice(0, 10);
    const conversations = index % 7 === 5 ? 0 : 1 + ((index * 5) % 4);
    const rated = index % 3 === 0 ? 2 : 0;
    return {
      date,
      conversations,
      questions: conversations * 2,
      handed_off: index % 5 === 0 ? 1 : 0,
      rated,
      rated_up: rated > 0 ? 1 : 0,
      to_review: index % 5 === 0 ? 1 : 0,
    };
  }),
  top_questions: [
    { text: '¿Cuándo abre la matrícula?', count: 14 },
    { text: 'What are the fees?', count: 9 },
    { text: '¿Hay comedor?', count: 6 },
  ],
  unanswered: [
    { question: '¿Tienen transporte escolar?', count: 5, conversation_id: rows[2]!.id },
    { question: 'Is there a robotics club?', count: 2, conversation_id: rows[5]!.id },
  ],
};

export const emptyDashboard: Dashboard = {
  ...dashboard,
  conversations: 0,
  questions: 0,
  answered: 0,
  handed_off: 0,
  contacts: 0,
  median_messages: 0,
  rated: 0,
  rated_up: 0,
  satisfaction: null,
  to_review: 0,
  per_day: [],
  top_questions: [],
  unanswered: [],
};

const messages: ChatMessage[] = [
  { id: 1, role: 'user', text: '¿Cuándo abre la matrícula?', sources: [], handoff: null, created_at: day(1) },
  {
    id: 2,
    role: 'assistant',
    text: 'La matrícula abre el 1 de marzo.',
    sources: [{ kind: 'faq', title: '¿Cuándo es la matrícula?', file_id: null }],
    handoff: null,
    created_at: day(1),
  },
  {
    id: 3,
    role: 'user',
    text: '¿Tienen transporte escolar?',
    sources: [],
    handoff: null,
    created_at: day(1),
  },
  {
    id: 4,
    role: 'assistant',
    text: 'No tengo esa información. Una persona del colegio puede ayudarte.',
    sources: [],
    handoff: {
      name: 'Ana Ruiz',
      email: 'admisiones@colegiosol.es',
      phone: null,
      hours: 'L-V 9-14',
      message: null,
    },
    created_at: day(1),
  },
];

export const overview: Overview = { ...sampleOverview, generated_at: day(0) };

export const detail: ConversationDetail = {
  id: rows[2]!.id,
  institution_product_id: ASSISTANT_ID,
  started_at: day(1),
  last_interaction_at: day(1),
  locale: 'es',
  messages,
  contact: rows[0]!.contact,
  overview: null,
  status: 'assistant',
  agent: null,
};

/** A page of `list` with the pagination headers, filtered as the server would (roughly). */
function listPage(list: ConversationListItem[], request: Request) {
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').toLowerCase();
  const matching = list.filter(
    (row) =>
      (!q || (row.first_question ?? '').toLowerCase().includes(q)) &&
      (url.searchParams.get('handoff') !== 'true' || row.handoff) &&
      (url.searchParams.get('contact') !== 'true' || row.contact !== null),
  );
  const perPage = Number(url.searchParams.get('per-page') ?? 20);
  const current = Number(url.searchParams.get('page') ?? 1);
  return ok(matching.slice((current - 1) * perPage, current * perPage), {
    headers: {
      [PAGINATION_HEADERS.pageCount]: String(Math.max(1, Math.ceil(matching.length / perPage))),
      [PAGINATION_HEADERS.totalCount]: String(matching.length),
      [PAGINATION_HEADERS.perPage]: String(perPage),
      [PAGINATION_HEADERS.currentPage]: String(current),
    },
  });
}

/** The dashboard, the list, a transcript, the overview, the delete and the CSV. */
export function conversationHandlers({
  figures = dashboard,
  list = rows,
  conversation = detail,
}: { figures?: Dashboard; list?: ConversationListItem[]; conversation?: ConversationDetail } = {}) {
  return [
    http.get(`${API}/institution-product/:id/dashboard`, () => ok(figures)),
    http.get(
      `${API}/institution-product/:id/conversation/download`,
      () =>
        new HttpResponse('\uFEFFLast interaction,First question\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="conversations.csv"',
          },
        }),
    ),
    http.get(`${API}/institution-product/:id/conversation`, ({ request }) => listPage(list, request)),
    http.get(`${API}/conversation/:id`, () => ok(conversation)),
    http.post(`${API}/conversation/:id/overview`, () => ok(overview)),
    http.post(`${API}/conversation/delete`, () => ok({ message: 'Delete successfully.', code: 'deleted' })),
    http.get(`${API}/institution-product/:id/events`, quietStream),
    http.post(`${API}/conversation/:id/takeover`, () => ok({ status: 'human', agent: me })),
    http.post(`${API}/conversation/:id/release`, () => ok({ status: 'assistant', agent: null })),
    http.post(`${API}/conversation/:id/typing`, () => ok({ sent: true })),
    http.post(`${API}/conversation/:id/reply`, async ({ request }) => {
      const { text } = (await request.json()) as { text: string };
      return ok(
        {
          id: 900,
          role: 'agent',
          text,
          agent_name: me.full_name,
          sources: [],
          handoff: null,
          created_at: new Date().toISOString(),
        },
        { status: 201 },
      );
    }),
    ...baseHandlers,
  ];
}
