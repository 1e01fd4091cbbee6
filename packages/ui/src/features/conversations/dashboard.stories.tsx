import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { userEvent, within } from 'storybook/test';
import { API, fail, forever, signedIn, withData } from '../../testing/stories';
import { DashboardPage } from './dashboard';
import { ASSISTANT_ID, conversationHandlers, emptyDashboard } from './story-fixtures';

const meta = {
  title: 'Features/Conversations/Dashboard',
  component: DashboardPage,
  tags: ['autodocs'],
  args: { assistantId: ASSISTANT_ID, onNavigate: () => undefined },
  decorators: [withData(signedIn)],
  parameters: { msw: { handlers: conversationHandlers() } },
} satisfies Meta<typeof DashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Empty: Story = {
  parameters: { msw: { handlers: conversationHandlers({ figures: emptyDashboard, list: [] }) } },
};

export const Waiting: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/institution-product/:id/dashboard`, forever),
        http.get(`${API}/institution-product/:id/conversation`, forever),
        ...conversationHandlers(),
      ],
    },
  },
};

export const NotFound: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/institution-product/:id/dashboard`, () => fail(404, 'not_found', 'Not found')),
        http.get(`${API}/institution-product/:id/conversation`, () => fail(404, 'not_found', 'Not found')),
        ...conversationHandlers(),
      ],
    },
  },
};

/** Two rows ticked and the delete confirmation open. */
export const ConfirmDelete: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const boxes = await canvas.findAllByRole('checkbox', { name: /conversation of|conversación del/ });
    await userEvent.click(boxes[0]!);
    await userEvent.click(boxes[1]!);
    await userEvent.click(canvas.getByRole('button', { name: /^Delete selected$|^Eliminar seleccionados$/ }));
  },
};
