import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { userEvent, within } from 'storybook/test';
import { API, fail, forever, ok, signedIn, withData } from '../../testing/stories';
import { ConversationPage } from './conversation-page';
import { ASSISTANT_ID, conversationHandlers, detail, me, overview } from './story-fixtures';

const meta = {
  title: 'Features/Conversations/Conversation',
  component: ConversationPage,
  tags: ['autodocs'],
  args: { assistantId: ASSISTANT_ID, conversationId: detail.id, onNavigate: () => undefined },
  decorators: [withData(signedIn)],
  parameters: { msw: { handlers: conversationHandlers() } },
} satisfies Meta<typeof ConversationPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No overview yet: 'Generate overview'. */
export const Default: Story = {};

export const WithOverview: Story = {
  parameters: { msw: { handlers: conversationHandlers({ conversation: { ...detail, overview } }) } },
};

export const Generating: Story = {
  parameters: {
    msw: { handlers: [http.post(`${API}/conversation/:id/overview`, forever), ...conversationHandlers()] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /^Generate overview$|^Generar resumen$/ }),
    );
  },
};

export const NoContact: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/conversation/:id`, () => ok({ ...detail, contact: null })),
        ...conversationHandlers(),
      ],
    },
  },
};

/** The visitor asked for a person: 'Take over'. */
export const VisitorWaiting: Story = {
  parameters: {
    msw: { handlers: conversationHandlers({ conversation: { ...detail, status: 'waiting', agent: null } }) },
  },
};

/** The signed-in member holds it: the reply box and 'Hand back to the assistant'. */
export const Answering: Story = {
  parameters: {
    msw: { handlers: conversationHandlers({ conversation: { ...detail, status: 'human', agent: me } }) },
  },
};

/** A colleague holds it; a main member may take it from them. */
export const HeldByColleague: Story = {
  parameters: {
    msw: {
      handlers: conversationHandlers({
        conversation: { ...detail, status: 'human', agent: { id: 9, full_name: 'Luis Pérez' } },
      }),
    },
  },
};

export const Waiting: Story = {
  parameters: {
    msw: { handlers: [http.get(`${API}/conversation/:id`, forever), ...conversationHandlers()] },
  },
};

export const NotFound: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/conversation/:id`, () => fail(404, 'not_found', 'Not found')),
        ...conversationHandlers(),
      ],
    },
  },
};
