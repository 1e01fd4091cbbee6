import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { API, baseHandlers, forever, ok, signedIn, withData } from '../../testing/stories';
import { RecordsPage } from './records-page';
import { admissions, leadFields, leads, orders, pageOf, salesAssistant } from './story-fixtures';

/** The endpoints the page reads: the assistant, its fields, and a page of `rows`. */
const handlers = ({ leadRows = leads, orderRows = orders } = {}) => [
  http.get(`${API}/institution-product/:id`, ({ params }) =>
    ok(Number(params.id) === admissions.id ? admissions : salesAssistant),
  ),
  http.get(`${API}/institution-product/:id/lead-fields`, () => ok({ fields: leadFields })),
  http.get(`${API}/institution-product/:id/order-fields`, () => ok({ fields: [] })),
  http.get(`${API}/lead`, ({ request }) => pageOf(leadRows, request)),
  http.get(`${API}/order`, ({ request }) => pageOf(orderRows, request)),
  ...baseHandlers,
];

const meta = {
  title: 'Features/Sales support/Leads and orders',
  component: RecordsPage,
  tags: ['autodocs'],
  args: { assistantId: salesAssistant.id, kind: 'lead', onNavigate: () => undefined },
  decorators: [withData(signedIn)],
  parameters: { msw: { handlers: handlers() } },
} satisfies Meta<typeof RecordsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Leads, with the configured fields as columns. */
export const Leads: Story = {};

/** Orders: lines and total quantity. */
export const Orders: Story = { args: { kind: 'order' } };

export const Empty: Story = {
  parameters: { msw: { handlers: handlers({ leadRows: [] }) } },
};

export const Waiting: Story = {
  parameters: { msw: { handlers: [http.get(`${API}/lead`, forever), ...handlers()] } },
};

/** A member who may read but not change: no selection, no delete. */
export const ReadOnly: Story = { decorators: [withData({ ...signedIn, roles: ['admissions'] })] };

/** An assistant that is not sales support. */
export const NotFound: Story = { args: { assistantId: admissions.id } };
