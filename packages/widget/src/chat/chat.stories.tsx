import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Chat } from './chat';
import { assistant, chatHandlers, EXTERNAL_ID, modeOf, withChatData, withChatFrame } from './testing/stories';

/** The whole chat as embed.js's frame shows it, on an API answered by MSW. */
const meta = {
  title: 'Widget/Chat',
  component: Chat,
  tags: ['autodocs'],
  args: { externalId: EXTERNAL_ID },
  decorators: [withChatData, withChatFrame(true)],
  render: (args, { globals }) => <Chat {...args} theme={modeOf(globals)} />,
  parameters: { msw: { handlers: chatHandlers(assistant) } },
} satisfies Meta<typeof Chat>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {};
export const InFrame: Story = { args: { onClose: () => undefined } };
export const WithoutSuggestions: Story = {
  parameters: {
    msw: {
      handlers: chatHandlers({
        ...assistant,
        suggested_questions: [],
        snippet: { ...assistant.snippet, greeting: '' },
      }),
    },
  },
};
/** A suggested question asked: the answer streams in, with its sources. */
export const Answered: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'How much is the tuition fee?' }));
    await expect(await canvas.findByText(/Tuition and fees/, {}, { timeout: 5000 })).toBeVisible();
  },
};
/** The assistant offers a person: the handoff card. */
export const Handoff: Story = {
  parameters: { msw: { handlers: chatHandlers(assistant, { handoff: true }) } },
  play: Answered.play,
};
export const Loading: Story = {
  parameters: { msw: { handlers: chatHandlers(assistant, { waiting: true }) } },
};
export const InactiveLink: Story = {
  parameters: { msw: { handlers: chatHandlers({ ...assistant, active: false }) } },
};
export const NotFound: Story = { parameters: { msw: { handlers: chatHandlers(null) } } };
export const Spanish: Story = { globals: { locale: 'es' } };
