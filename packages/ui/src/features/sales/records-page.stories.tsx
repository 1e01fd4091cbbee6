import type { Meta, StoryObj } from '@storybook/react-vite';
import type { LeadImportResult } from '@conversa/contract/records';
import { delay, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { API, baseHandlers, fail, forever, ok, signedIn, withData } from '../../testing/stories';
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
  http.post(`${API}/lead/import`, async ({ request }) => {
    await delay(200);
    const dryRun = new URL(request.url).searchParams.get('dry_run') === 'true';
    return ok({ ...checked, dry_run: dryRun } satisfies LeadImportResult);
  }),
  ...baseHandlers,
];

/** A dry run: most rows good, two refused with their lines and reasons. */
const checked: LeadImportResult = {
  imported: 48,
  dry_run: true,
  refused: [
    { line: 7, issues: [{ path: 'company', code: 'required', message: 'This field is required.' }] },
    {
      line: 19,
      issues: [
        { path: 'phone', code: 'invalid_phone', message: 'Invalid phone number.' },
        { path: 'fields.budget', code: 'invalid_number', message: 'Write a number, for example 12 or 3.5.' },
      ],
    },
  ],
};

/** Presses a button of the page, by its English or Spanish name. */
const press =
  (name: RegExp) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name }));
  };

/** Opens the import and chooses a CSV; the dialog is in a portal, outside the story's root. */
const chooseCsv = async (context: { canvasElement: HTMLElement }) => {
  await press(/^(Import CSV|Importar CSV)$/)(context);
  const dialog = await within(document.body).findByRole('dialog');
  await userEvent.upload(
    within(dialog).getByTestId('file-input'),
    new File(['Company,Contact\nCafé Luna,Eva Sol\n'], 'leads.csv', { type: 'text/csv' }),
  );
  return dialog;
};

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

/** 'New lead': the lead's form in a dialog, the configured fields with it. */
export const NewLead: Story = {
  play: async (context) => {
    await press(/^(New lead|Nuevo cliente potencial)$/)(context);
    await expect(
      await within(document.body).findByRole('button', { name: /^(Create lead|Crear cliente potencial)$/ }),
    ).toBeVisible();
  },
};

/** 'New order': an order's form with its first line. */
export const NewOrder: Story = {
  args: { kind: 'order' },
  play: async (context) => {
    await press(/^(New order|Nuevo pedido)$/)(context);
    await expect(
      await within(document.body).findByRole('button', { name: /^(Create order|Crear pedido)$/ }),
    ).toBeVisible();
  },
};

/** The import's dry run: the leads to import, each refused row with its line and reasons. */
export const ImportChecked: Story = {
  play: async (context) => {
    const dialog = await chooseCsv(context);
    await expect(
      await within(dialog).findByRole('table', { name: /^(Refused rows|Filas rechazadas)$/ }),
    ).toBeVisible();
  },
};

/** A file refused whole: a column no lead has. */
export const ImportRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post(`${API}/lead/import`, async ({ request }) => {
          await delay(100);
          // The server names the columns in the request's language.
          const spanish = request.headers.get('accept-language')?.startsWith('es');
          return fail(400, 'validation_failed', 'Some fields are not valid. Check them and try again.', [
            {
              path: 'file',
              code: 'unknown_columns',
              message: spanish ? 'Columnas desconocidas: Color, Talla.' : 'Unknown columns: Colour, Size.',
            },
          ]);
        }),
        ...handlers(),
      ],
    },
  },
  play: async (context) => {
    const dialog = await chooseCsv(context);
    await expect(await within(dialog).findByRole('alert')).toBeVisible();
  },
};
