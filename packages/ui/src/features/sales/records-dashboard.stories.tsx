import type { LeadsDashboard, OrdersDashboard } from '@conversa/contract/records';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { API, baseHandlers, fail, forever, ok, signedIn, withData } from '../../testing/stories';
import { RecordsDashboardPage } from './records-dashboard';
import { admissions, salesAssistant } from './story-fixtures';

/** Thirty days ending on 2026-11-20, the range the stories show. */
const RANGE = { start: '2026-10-22', end: '2026-11-20' };
const dates = Array.from({ length: 30 }, (_, index) =>
  new Date(Date.UTC(2026, 9, 22 + index)).toISOString().slice(0, 10),
);

const sellers = ['Tomás Vidal', 'Rosa Rivera', 'Ana Ruiz', 'Luis Sol', 'Marta Gil'];
const companies = ['Hotel Las Dunas', 'Bodegas Sol', 'Zapatería Norte', 'Muebles Rivera', 'Café Central'];

const leadFigures: LeadsDashboard = {
  records: 412,
  per_day: dates.map((date, index) => ({ date, records: index % 7 === 5 ? 0 : 8 + ((index * 7) % 13) })),
  sellers: sellers.map((name, index) => ({ name, records: 140 - index * 27 })),
  companies: companies.map((name, index) => ({ name, records: 31 - index * 6 })),
};

const orderFigures: OrdersDashboard = {
  records: 268,
  lines: 701,
  quantity: 5_432.5,
  per_day: dates.map((date, index) => ({ date, records: index % 7 === 5 ? 0 : 5 + ((index * 5) % 9) })),
  sellers: sellers.map((name, index) => ({ name, records: 90 - index * 17, quantity: 1_800 - index * 310 })),
  companies: companies.map((name, index) => ({
    name,
    records: 22 - index * 4,
    quantity: 640 - index * 95.5,
  })),
  products: [
    { product_code: 'S-20', product_description: 'Silla de roble', quantity: 1_240, orders: 61 },
    { product_code: 'T-1', product_description: 'Mesa extensible', quantity: 388, orders: 97 },
    { product_code: 'L-3', product_description: null, quantity: 150, orders: 1 },
  ],
};

const emptyLeads: LeadsDashboard = {
  records: 0,
  per_day: dates.map((date) => ({ date, records: 0 })),
  sellers: [],
  companies: [],
};

/** The assistant, and each dashboard's answer. */
const handlers = ({ leads = leadFigures, orders = orderFigures } = {}) => [
  http.get(`${API}/institution-product/:id`, ({ params }) =>
    ok(Number(params.id) === admissions.id ? admissions : salesAssistant),
  ),
  http.get(`${API}/lead/dashboard`, () => ok(leads)),
  http.get(`${API}/order/dashboard`, () => ok(orders)),
  ...baseHandlers,
];

const meta = {
  title: 'Features/Sales support/Dashboards',
  component: RecordsDashboardPage,
  tags: ['autodocs'],
  args: { assistantId: salesAssistant.id, kind: 'lead', onNavigate: () => undefined, initialRange: RANGE },
  decorators: [withData(signedIn)],
  parameters: { msw: { handlers: handlers() } },
} satisfies Meta<typeof RecordsDashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The leads per day, the sellers and the companies with the most. */
export const Leads: Story = {};

/** Orders: lines, quantity and the top products too. */
export const Orders: Story = { args: { kind: 'order' } };

/** No lead in the range. */
export const Empty: Story = { parameters: { msw: { handlers: handlers({ leads: emptyLeads }) } } };

export const Waiting: Story = {
  parameters: { msw: { handlers: [http.get(`${API}/lead/dashboard`, forever), ...handlers()] } },
};

/** The dashboard could not be read: the reason and a retry. */
export const Failed: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/lead/dashboard`, () => fail(500, 'server_error', 'Something went wrong')),
        ...handlers(),
      ],
    },
  },
};

/** A member who may not read the orders. */
export const NotAllowed: Story = {
  args: { kind: 'order' },
  decorators: [withData({ ...signedIn, roles: ['lead_entry_agent'] })],
};

/** An assistant that is not sales support. */
export const NotFound: Story = { args: { assistantId: admissions.id } };
