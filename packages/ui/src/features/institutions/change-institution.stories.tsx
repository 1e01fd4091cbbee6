import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { fn, userEvent, within } from 'storybook/test';
import {
  API,
  fail,
  forever,
  institutionRows,
  page,
  signedIn,
  signedInAdmin,
  withData,
} from '../../testing/stories';
import { ChangeInstitutionPage } from './change-institution';

const list = http.get(`${API}/institution`, ({ request }) => page(institutionRows, request));

const meta = {
  title: 'Features/Institutions/Change institution',
  component: ChangeInstitutionPage,
  tags: ['autodocs'],
  args: { onSelected: fn() },
  decorators: [withData(signedInAdmin)],
  parameters: { msw: { handlers: [list] } },
} satisfies Meta<typeof ChangeInstitutionPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {};
export const Waiting: Story = {
  parameters: { msw: { handlers: [http.get(`${API}/institution`, forever)] } },
};
export const Empty: Story = {
  parameters: { msw: { handlers: [http.get(`${API}/institution`, ({ request }) => page([], request))] } },
};
export const LoadFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/institution`, () =>
          fail(503, 'internal_error', 'Something went wrong on our side. Try again in a moment.'),
        ),
      ],
    },
  },
};
export const Searched: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^Search by name|^Buscar por nombre/), 'Luna');
    await canvas.findByRole('row', { name: /Luna 2\b/ }, { timeout: 3000 });
  },
};
export const NotAdmin: Story = { decorators: [withData(signedIn)] };
export const Spanish: Story = { globals: { locale: 'es' } };
