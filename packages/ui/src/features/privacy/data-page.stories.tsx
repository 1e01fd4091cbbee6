import type { PersonSummary, Retention } from '@conversa/contract/privacy';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { fn, userEvent, within } from 'storybook/test';
import { API, baseHandlers, fail, forever, ok, signedIn, withData } from '../../testing/stories';
import { DataPage } from './data-page';

const retention: Retention = {
  conversations_days: 365,
  contacts_days: 90,
  whatsapp_days: null,
  records_days: 1825,
  time_zone: 'Europe/Madrid',
  last_run_at: '2026-11-28T09:00:00.000Z',
  last_run: { conversations: 12, contacts: 3, whatsapp_messages: 0, records: 1 },
  next_run_at: '2026-11-28T10:00:00.000Z',
};

const person: PersonSummary = {
  email: 'familia.lopez@example.com',
  phone: null,
  conversations: {
    count: 2,
    items: [
      {
        id: '0d40a970-2df4-4fc9-aa55-e224acc73997',
        assistant_id: 7,
        assistant_name: 'Admisiones',
        at: '2026-11-20T10:00:00.000Z',
      },
      {
        id: '5c1f0e1a-8d44-4c0b-9b0e-9a1c1d2e3f40',
        assistant_id: 7,
        assistant_name: 'Admisiones',
        at: '2026-10-02T16:30:00.000Z',
      },
    ],
  },
  contacts: {
    count: 1,
    items: [
      {
        id: '0d40a970-2df4-4fc9-aa55-e224acc73997',
        assistant_id: 7,
        assistant_name: 'Admisiones',
        at: '2026-11-20T10:00:00.000Z',
      },
    ],
  },
  leads: { count: 0, items: [] },
  orders: { count: 0, items: [] },
  whatsapp_messages: { count: 0 },
  allowed_numbers: { count: 0, items: [] },
};

const handlers = (periods: Retention = retention) => [
  http.get(`${API}/institution/:id/retention`, () => ok(periods)),
  http.put(`${API}/institution/:id/retention`, async ({ request }) =>
    ok({ ...periods, ...((await request.json()) as object) }),
  ),
  http.get(`${API}/institution/:id/person`, () => ok(person)),
  http.post(`${API}/institution/:id/person/erase`, () =>
    ok({ conversations: 2, leads: 0, orders: 0, whatsapp_messages: 0, allowed_numbers: 0 }),
  ),
  ...baseHandlers,
];

const meta = {
  title: 'Features/Privacy/Data page',
  component: DataPage,
  tags: ['autodocs'],
  args: { onNavigate: fn() },
  decorators: [withData(signedIn)],
  parameters: { msw: { handlers: handlers() } },
} satisfies Meta<typeof DataPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A main member: periods set, the last run, a person search and the institution's deletion. */
export const Periods: Story = {};

/** Nothing set yet: everything is kept, the first run is due. */
export const KeepEverything: Story = {
  parameters: {
    msw: {
      handlers: handlers({
        ...retention,
        conversations_days: null,
        contacts_days: null,
        records_days: null,
        time_zone: 'UTC',
        last_run_at: null,
        last_run: null,
      }),
    },
  },
};

/** A member who reads the institution but does not manage the team: the periods only, read-only. */
export const ReadOnly: Story = { decorators: [withData({ ...signedIn, roles: ['admissions'] })] };

export const Waiting: Story = {
  parameters: { msw: { handlers: [http.get(`${API}/institution/:id/retention`, forever), ...handlers()] } },
};

export const LoadFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/institution/:id/retention`, () =>
          fail(500, 'internal_error', 'Something went wrong.'),
        ),
        ...handlers(),
      ],
    },
  },
};

/** A family found by e-mail: counts with links, download and erase. */
export const PersonFound: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByLabelText(/^(E-mail|Correo electrónico)/),
      'familia.lopez@example.com',
    );
    await userEvent.click(canvas.getByRole('button', { name: /^(Search|Buscar)$/ }));
    await canvas.findByRole('list', { name: /^(What is held|Lo que se guarda)$/ });
  },
};
