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

/** A wide screen's window. */
const WIDE = { width: '100%', height: 640 };

/** A public page (`/admissions/{id}`, `/retail/{id}`) on a wide screen: header, greeting and cards, footer. */
export const PublicPage: Story = {
  args: { layout: 'page' },
  parameters: { chatBox: WIDE },
};
/** A public page on a phone, after a card was asked. */
export const PublicPageOnPhone: Story = {
  args: { layout: 'page' },
  parameters: { chatBox: { width: '100%', height: 560 } },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: Answered.play,
};
/** A public page in a pale colour: dark text on the header and buttons. */
export const PublicPagePaleColour: Story = {
  args: { layout: 'page' },
  parameters: {
    chatBox: WIDE,
    msw: { handlers: chatHandlers({ ...assistant, snippet: { ...assistant.snippet, color: '#fde047' } }) },
  },
};
export const PublicPageInactive: Story = {
  args: { layout: 'page' },
  parameters: { chatBox: WIDE, msw: { handlers: chatHandlers({ ...assistant, active: false }) } },
};
export const PublicPageSpanish: Story = { ...PublicPage, globals: { locale: 'es' } };
