import type { AllowedNumber, FailedReply, SellerQuestion, WhatsappSettings } from '@conversa/contract/sales';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { userEvent, within } from 'storybook/test';
import { API, baseHandlers, fail, forever, ok, signedIn, withData } from '../../testing/stories';
import { AllowedNumbersPage } from './allowed-numbers';
import { admissions, pageOf, salesAssistant } from './story-fixtures';

const sellers = ['Lucía Gómez', 'Mario Ruiz', 'Ana Torres', 'Javier Soto', 'Carmen Vidal', 'Pablo Ortega'];
const numbers: AllowedNumber[] = sellers.map((seller_name, index) => ({
  id: index + 1,
  phone_number: `+3461100000${index + 1}`,
  seller_name,
  created_at: new Date(Date.UTC(2025, 2, 10 - index, 9, 30)).toISOString(),
}));

/** Replies that could not be sent: refused by the Graph API, and reported failed by Meta. */
const failures: FailedReply[] = [
  {
    id: 41,
    phone_number: '+34611000001',
    seller_name: 'Lucía Gómez',
    body: 'Sí, la silla Nórdica está en negro, blanco y roble. Fuentes: Catálogo 2025; Preguntas frecuentes de la tienda; Tarifas de transporte y montaje',
    error: '131047 Re-engagement message',
    failed_at: new Date(Date.UTC(2025, 2, 10, 11, 5)).toISOString(),
    question: '¿La silla Nórdica viene en otros colores?',
  },
  {
    id: 40,
    phone_number: '+34699123456',
    seller_name: null,
    body: 'Este número no está en la lista de vendedores de Ventas Muebles Norte.',
    error: 'the Graph API refused the message (400): (#131026) Message undeliverable',
    failed_at: new Date(Date.UTC(2025, 2, 9, 16, 40)).toISOString(),
    question: 'Hola, ¿tenéis sillas?',
  },
  {
    id: 39,
    phone_number: null,
    seller_name: null,
    body: 'We cannot tell which phone number you are writing from.',
    error: null,
    failed_at: new Date(Date.UTC(2025, 2, 8, 8, 15)).toISOString(),
    question: 'Hello, I want to place an order',
  },
];

/** A page of `rows`, searched by seller or number as the server does. */
function page<Row extends { seller_name: string | null; phone_number: string | null }>(
  rows: Row[],
  request: Request,
) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
  const digits = q.replace(/\D/g, '');
  return pageOf(
    rows.filter(
      (row) =>
        (row.seller_name ?? '').toLowerCase().includes(q) ||
        (digits !== '' && (row.phone_number ?? '').includes(digits)),
    ),
    request,
  );
}

/** Sellers' questions answered from the knowledge (neither a lead nor an order). */
const questions: SellerQuestion[] = [
  {
    id: 52,
    phone_number: '+34611000002',
    seller_name: 'Mario Ruiz',
    question: '¿Cuánto tarda el envío a Canarias?',
    asked_at: new Date(Date.UTC(2025, 2, 10, 12, 2)).toISOString(),
    answer: 'Entre 7 y 10 días laborables. Fuentes: Tarifas de transporte y montaje',
    answered_at: new Date(Date.UTC(2025, 2, 10, 12, 2, 4)).toISOString(),
  },
  {
    id: 50,
    phone_number: '+34611000001',
    seller_name: 'Lucía Gómez',
    question: '¿La silla Nórdica viene en otros colores?',
    asked_at: new Date(Date.UTC(2025, 2, 10, 11, 4)).toISOString(),
    answer: 'Sí, en negro, blanco y roble. Fuentes: Catálogo 2025',
    answered_at: new Date(Date.UTC(2025, 2, 10, 11, 4, 3)).toISOString(),
  },
];

const settings: WhatsappSettings = {
  phone_number_id: '106540352242922',
  access_token_set: true,
  app_secret_set: true,
  verify_token_set: false,
  webhook_url: 'https://conversa.example/api/whatsapp/webhook',
};

const handlers = (
  rows: AllowedNumber[],
  channel: WhatsappSettings = settings,
  failed: FailedReply[] = [],
  asked: SellerQuestion[] = [],
) => [
  http.get(`${API}/institution-product/:id/whatsapp/questions`, ({ request }) => pageOf(asked, request)),
  http.get(`${API}/institution-product/:id/whatsapp/failed-replies`, ({ request }) => page(failed, request)),
  http.post(`${API}/institution-product/:id/whatsapp/failed-replies/retry`, async ({ request }) =>
    ok(await request.json()),
  ),
  http.get(`${API}/institution-product/:id/whatsapp`, () => ok(channel)),
  http.put(`${API}/institution-product/:id/whatsapp`, async ({ request }) => {
    const body = (await request.json()) as Record<string, string | null>;
    return ok({
      ...channel,
      phone_number_id: body.phone_number_id,
      access_token_set: channel.access_token_set || !!body.access_token,
      app_secret_set: channel.app_secret_set || !!body.app_secret,
      verify_token_set: channel.verify_token_set || !!body.verify_token,
    });
  }),
  http.get(`${API}/whatsapp-whitelist/institution-product/:id`, ({ request }) => page(rows, request)),
  http.post(`${API}/whatsapp-whitelist`, async ({ request }) => {
    const body = (await request.json()) as { phone_number: string; seller_name: string };
    return ok(
      {
        id: 99,
        phone_number: body.phone_number.replace(/\s/g, ''),
        seller_name: body.seller_name,
        created_at: new Date().toISOString(),
      },
      { status: 201 },
    );
  }),
  http.post(`${API}/whatsapp-whitelist/delete`, () =>
    ok({ message: 'Phone number successfully deleted.', code: 'phone_deleted' }),
  ),
  http.get(`${API}/institution-product/:id`, ({ params }) =>
    ok(Number(params.id) === salesAssistant.id ? salesAssistant : admissions),
  ),
  ...baseHandlers,
];

const meta = {
  title: 'Features/Sales support/Allowed numbers',
  component: AllowedNumbersPage,
  tags: ['autodocs'],
  args: { assistantId: salesAssistant.id },
  decorators: [withData(signedIn)],
  parameters: { msw: { handlers: handlers(numbers) } },
} satisfies Meta<typeof AllowedNumbersPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: handlers([], {
        phone_number_id: null,
        access_token_set: false,
        app_secret_set: false,
        verify_token_set: false,
        webhook_url: settings.webhook_url,
      }),
    },
  },
};

/** The WhatsApp card lists the replies that could not be sent (the other stories have none). */
export const FailedReplies: Story = {
  parameters: { msw: { handlers: handlers(numbers, settings, failures) } },
};

/** The sellers' questions that were neither a lead nor an order, each a short transcript. */
export const SellerQuestions: Story = {
  parameters: { msw: { handlers: handlers(numbers, settings, [], questions) } },
};

export const FailedRepliesWaiting: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/institution-product/:id/whatsapp/failed-replies`, forever),
        ...handlers(numbers),
      ],
    },
  },
};

export const Waiting: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/whatsapp-whitelist/institution-product/:id`, forever),
        ...handlers(numbers),
      ],
    },
  },
};

export const AlreadyAllowed: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post(`${API}/whatsapp-whitelist`, async () => {
          await delay(100);
          return fail(409, 'number_already_allowed', 'This phone number is already on the list.');
        }),
        ...handlers(numbers),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/^(Phone number|Número de teléfono)/), '+34611000001');
    await userEvent.type(canvas.getByLabelText(/^(Seller name|Nombre del vendedor)/), 'Lucía');
    await userEvent.click(canvas.getByRole('button', { name: /^(Add number|Añadir número)$/ }));
  },
};

export const ConfirmDelete: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('checkbox', { name: /^(Select|Seleccionar) \+34611000001$/ }),
    );
    await userEvent.click(
      await canvas.findByRole('checkbox', { name: /^(Select|Seleccionar) \+34611000002$/ }),
    );
    await userEvent.click(canvas.getByRole('button', { name: /^(Delete selected|Eliminar seleccionados)$/ }));
  },
};

export const NotSalesSupport: Story = { args: { assistantId: 1 } };

export const NoPermission: Story = {
  decorators: [withData({ ...signedIn, roles: ['order_capture_agent'] })],
};

export const Spanish: Story = { globals: { locale: 'es' } };
