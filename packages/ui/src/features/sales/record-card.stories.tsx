import type { LeadDetail, OrderDetail } from '@conversa/contract/records';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { FieldDefinition } from '@conversa/contract/sales';
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

/** A field the institution added to its orders. */
const orderFields: FieldDefinition[] = [
  {
    key: 'delivery',
    labels: { en: 'Delivery date', es: 'Fecha de entrega' },
    type: 'date',
    required: false,
    options: [],
  },
];

/** An order staff entered in the console. */
const order: OrderDetail = {
  ...orders[0]!,
  fields: { delivery: '2025-04-15' },
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
  http.get(`${API}/institution-product/:id/order-fields`, () => ok({ fields: orderFields })),
  http.put(`${API}/lead/:id`, async ({ request }) => ok({ ...lead, ...((await request.json()) as object) })),
  http.put(`${API}/order/:id`, async ({ request }) =>
    ok({ ...order, ...((await request.json()) as object) }),
  ),
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

/** Opens the record's form: 'Edit lead' or 'Edit order', in either language. */
const openEdit = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  const canvas = within(canvasElement);
  const edit = await canvas.findByRole('button', {
    name: /^(Edit lead|Editar cliente potencial|Edit order|Editar pedido)$/,
  });
  // Enabled once the configured fields are in.
  await waitFor(() => expect(edit).toBeEnabled());
  await userEvent.click(edit);
  await expect(await canvas.findByRole('button', { name: /^(Save changes|Guardar cambios)$/ })).toBeVisible();
};

/** The lead's form: every field, the configured ones by type, required ones marked. */
export const EditLead: Story = { play: openEdit };

/** An order's form: its lines, each removable, and a line to add. */
export const EditOrder: Story = { args: { kind: 'order', recordId: order.id }, play: openEdit };

/** What the server refused, under each field. */
export const EditRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        http.put(`${API}/lead/:id`, async () => {
          await delay(100);
          return fail(400, 'validation_failed', 'Some fields are not valid. Check them and try again.', [
            { path: 'phone', code: 'invalid_phone', message: 'Invalid phone number.' },
            {
              path: 'fields.budget',
              code: 'invalid_number',
              message: 'Write a number, for example 12 or 3.5.',
            },
          ]);
        }),
        ...handlers,
      ],
    },
  },
  play: async (context) => {
    await openEdit(context);
    const canvas = within(context.canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /^(Save changes|Guardar cambios)$/ }));
    await expect(
      await canvas.findByText(/^(Invalid phone number\.|Número de teléfono no válido\.)$/),
    ).toBeVisible();
  },
};
