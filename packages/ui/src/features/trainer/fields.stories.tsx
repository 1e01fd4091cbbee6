import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { userEvent, within } from 'storybook/test';
import { API, fail, forever, ok, signedIn, withData } from '../../testing/stories';
import { FieldsPage } from './fields';
import { salesAssistant, trainerHandlers } from './story-fixtures';

const meta = {
  title: 'Features/Trainer/Fields',
  component: FieldsPage,
  tags: ['autodocs'],
  args: { assistantId: salesAssistant.id, onNavigate: () => undefined },
  decorators: [withData(signedIn)],
  parameters: { msw: { handlers: trainerHandlers() } },
} satisfies Meta<typeof FieldsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two lead fields (a required number, a list with its options) and one order field. */
export const Default: Story = {};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/institution-product/:id/lead-fields`, () => ok({ fields: [] })),
        http.get(`${API}/institution-product/:id/order-fields`, () => ok({ fields: [] })),
        ...trainerHandlers(),
      ],
    },
  },
};

export const FieldsWaiting: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/institution-product/:id/lead-fields`, forever),
        http.get(`${API}/institution-product/:id/order-fields`, forever),
        ...trainerHandlers(),
      ],
    },
  },
};

export const ReadOnly: Story = { decorators: [withData({ ...signedIn, roles: ['order_capture_agent'] })] };

/** A new field being added: its key follows the English label. */
export const Adding: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const orders = await canvas.findByRole('region', { name: /^Order fields$|^Campos de los pedidos$/ });
    // The section shows first; its fields (and the add button) once loaded.
    await userEvent.click(await within(orders).findByRole('button', { name: /^Add field$|^Añadir campo$/ }));
    await userEvent.type(
      within(orders)
        .getAllByLabelText(/^Label in English|^Etiqueta en inglés/)
        .at(-1)!,
      'Payment terms',
    );
  },
};

/** The server refuses a key: the message shows under that field's key. */
export const ServerIssue: Story = {
  parameters: {
    msw: {
      handlers: [
        http.put(`${API}/institution-product/:id/lead-fields`, () =>
          fail(400, 'validation_failed', 'Some fields are not valid. Check them and try again.', [
            {
              path: 'fields.1.key',
              code: 'field_key_taken',
              message: 'Another field already uses this key.',
            },
          ]),
        ),
        ...trainerHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /^Save lead fields$|^Guardar los campos de los leads$/ }),
    );
  },
};
