import type { LeadDetail, OrderDetail } from '@conversa/contract/records';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { API, baseHandlers, fail, forever, ok, signedIn, withData } from '../../testing/stories';
import { RecordCard } from './record-card';
import { leadFields, leads, orders, salesAssistant } from './story-fixtures';

const at = (minute: number) => new Date(Date.UTC(2025, 2, 20, 9, minute)).toISOString();

/** A lead a seller entered on WhatsApp, corrected once in the console. */
const lead: LeadDetail = {
  ...leads[0]!,
  messages: [
    {
      id: 1,
      direction: 'in',
      body: 'nuevo lead\nEmpresa: Hotel Las Dunas\nContacto: Marta Gil',
      created_at: at(0),
    },
    { id: 2, direction: 'out', body: '*Presupuesto (€)*\nUn número.', created_at: at(0) },
    { id: 3, direction: 'in', body: '1000', created_at: at(1) },
    { id: 4, direction: 'out', body: 'Lead guardado. ¡Gracias!', created_at: at(2) },
  ],
  history: [
    { at: at(2), by: 'Lucía Gómez', action: 'created', changes: {} },
    {
      at: at(40),
      by: 'Rosa Rivera',
      action: 'updated',
      changes: { notes: { from: null, to: 'Wants 40 chairs for the terrace before June.' } },
    },
  ],
};

/** An order staff entered in the console. */
const order: OrderDetail = {
  ...orders[0]!,
  seller: 'Rosa Rivera',
  seller_number: null,
  messages: [],
  history: [{ at: at(5), by: 'Rosa Rivera', action: 'created', changes: {} }],
};

const handlers = [
  http.get(`${API}/institution-product/:id`, () => ok(salesAssistant)),
  http.get(`${API}/lead/:id`, () => ok(lead)),
  http.get(`${API}/order/:id/detail`, () => ok(order)),
  http.get(`${API}/institution-product/:id/lead-fields`, () => ok({ fields: leadFields })),
  http.get(`${API}/institution-product/:id/order-fields`, () => ok({ fields: [] })),
  http.put(`${API}/lead/:id`, async ({ request }) => ok({ ...lead, ...((await request.json()) as object) })),
  ...baseHandlers,
];

const meta = {
  title: 'Features/Sales support/Lead card and order details',
  component: RecordCard,
  tags: ['autodocs'],
  args: { assistantId: salesAssistant.id, kind: 'lead', recordId: lead.id, onNavigate: () => undefined },
  decorators: [withData(signedIn)],
  parameters: { msw: { handlers } },
} satisfies Meta<typeof RecordCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Lead: Story = {};

export const Order: Story = { args: { kind: 'order', recordId: order.id } };

export const ReadOnly: Story = { decorators: [withData({ ...signedIn, roles: ['admissions'] })] };

export const Waiting: Story = {
  parameters: { msw: { handlers: [http.get(`${API}/lead/:id`, forever), ...handlers] } },
};

export const NotFound: Story = {
  parameters: {
    msw: { handlers: [http.get(`${API}/lead/:id`, () => fail(404, 'not_found', 'Not found')), ...handlers] },
  },
};
