/** Storybook fixtures of the sales-support screens: assistants, leads, orders, and paged answers. */
import { type AssistantDetail, DEFAULT_LIVE_CHAT } from '@conversa/contract/assistant';
import { PAGINATION_HEADERS } from '@conversa/contract/http';
import type { Lead, Order } from '@conversa/contract/records';
import type { FieldDefinition } from '@conversa/contract/sales';
import { ok } from '../../testing/stories';

export const salesAssistant: AssistantDetail = {
  id: 12,
  external_id: 'd4e5f6',
  institution_id: 8,
  product: { type: 'sales_support', name: 'Ventas Muebles Norte', logo: null },
  suggested_questions: [],
  handoff: null,
  handoff_email_confirmed: false,
  public_link_active: true,
  snippet: { allowed_origins: [], color: '#2563eb', position: 'right', greeting: '' },
  live_chat: DEFAULT_LIVE_CHAT,
  // Sales support has no public chat.
  public_url: null,
  embed_snippet: null,
};
/** An assistant of another type: the pages say it is not found. */
export const admissions: AssistantDetail = {
  ...salesAssistant,
  id: 1,
  product: { type: 'admission', name: 'Admisiones', logo: null },
  public_url: 'https://conversa.example/admissions/8',
  embed_snippet: '<script src="https://conversa.example/embed.js" data-assistant="d4e5f6" async></script>',
};

/** `rows` a page at a time, with the pagination headers, as the server answers. */
export function pageOf<Row>(rows: Row[], request: Request) {
  const url = new URL(request.url);
  const perPage = Number(url.searchParams.get('per-page') ?? 20);
  const current = Number(url.searchParams.get('page') ?? 1);
  return ok(rows.slice((current - 1) * perPage, current * perPage), {
    headers: {
      [PAGINATION_HEADERS.pageCount]: String(Math.max(1, Math.ceil(rows.length / perPage))),
      [PAGINATION_HEADERS.totalCount]: String(rows.length),
      [PAGINATION_HEADERS.perPage]: String(perPage),
      [PAGINATION_HEADERS.currentPage]: String(current),
    },
  });
}

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

const sellers = [
  ['Lucía Gómez', '+34611000001'],
  ['Mario Ruiz', '+34611000002'],
  ['Rosa Rivera', null],
] as const;
const companies = [
  'Hotel Las Dunas',
  'Bodegas Sol',
  'Zapatería Norte',
  'Clínica Arce',
  'Café Central',
  'Colegio Mar',
];
const at = (index: number) => new Date(Date.UTC(2025, 2, 20 - index, 9 + index, 30)).toISOString();

export const leads: Lead[] = companies.map((company, index) => {
  const [seller, number] = sellers[index % sellers.length]!;
  return {
    id: index + 1,
    institution_product_id: salesAssistant.id,
    company,
    contact_name: ['Marta Gil', 'Luis Sol', 'Ana Ruiz', 'Pedro Arce', 'Elena Paz', 'Jorge Mar'][index]!,
    phone: index % 2 === 0 ? `+3465511223${index}` : null,
    email: index % 3 === 0 ? `info@${company.split(' ')[0]!.toLowerCase()}.example` : null,
    notes: index === 0 ? 'Wants 40 chairs for the terrace before June.' : null,
    fields: { budget: 1000 * (index + 1), channel: index % 2 === 0 ? 'Tienda' : null },
    seller,
    seller_number: number,
    created_at: at(index),
    updated_at: at(index),
  };
});

export const orders: Order[] = companies.slice(0, 4).map((company, index) => {
  const [seller, number] = sellers[index % sellers.length]!;
  return {
    id: 100 + index,
    institution_product_id: salesAssistant.id,
    company,
    lines: [
      { product_code: 'S-20', product_description: 'Oak chair', quantity: 10 * (index + 1) },
      ...(index % 2 === 0 ? [{ product_code: 'T-1', product_description: 'Round table', quantity: 2 }] : []),
    ],
    notes: index === 1 ? 'Deliver in March.' : null,
    fields: {},
    seller,
    seller_number: number,
    created_at: at(index),
    updated_at: at(index),
  };
});
