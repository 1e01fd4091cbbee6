import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { userEvent, within } from 'storybook/test';
import { API, baseHandlers, fail, forever, signedIn, withData } from '../../testing/stories';
import { KnowledgeBasePage } from './knowledge-base';
import { assistant, eventStream, files, salesAssistant, trainerHandlers } from './story-fixtures';

const meta = {
  title: 'Features/Trainer/Knowledge Base',
  component: KnowledgeBasePage,
  tags: ['autodocs'],
  args: { assistantId: assistant.id, onNavigate: () => undefined },
  decorators: [withData(signedIn)],
  parameters: { msw: { handlers: trainerHandlers() } },
} satisfies Meta<typeof KnowledgeBasePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Text and files in every state: processing, ready, and failed with what to do. */
export const Files: Story = {};

/** The processing file turns ready a moment later, pushed by the server (no reload). */
export const LiveUpdate: Story = {
  parameters: {
    msw: {
      handlers: trainerHandlers({
        events: eventStream([{ ...files[0]!, state: 'ready', updated_at: new Date().toISOString() }]),
      }),
    },
  },
};

export const NoFiles: Story = { parameters: { msw: { handlers: trainerHandlers({ list: [] }) } } };

export const FilesTab: Story = { args: { showFiles: true } };

export const SalesSupport: Story = { args: { assistantId: salesAssistant.id } };

export const ReadOnly: Story = { decorators: [withData({ ...signedIn, roles: ['order_capture_agent'] })] };

export const Waiting: Story = {
  parameters: { msw: { handlers: [http.get(`${API}/institution-product/:id`, forever), ...baseHandlers] } },
};

export const FilesWaiting: Story = {
  parameters: {
    msw: { handlers: [http.get(`${API}/institution-product/:id/file`, forever), ...trainerHandlers()] },
  },
};

export const NotFound: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/institution-product/:id`, () => fail(404, 'not_found', 'Not found')),
        ...baseHandlers,
      ],
    },
  },
};

export const FileRequired: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /^Upload$|^Subir$/ }));
  },
};

export const ConfirmDelete: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /Horarios\.txt/ }));
  },
};

export const Spanish: Story = { globals: { locale: 'es' } };
