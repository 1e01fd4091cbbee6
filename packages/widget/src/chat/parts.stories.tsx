import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ChatHeader } from './chat-header';
import { ChatNotice } from './chat-notice';
import { Composer } from './composer';
import { SuggestedQuestions } from './suggested-questions';
import { withChatFrame } from './testing/stories';

/** The chat's smaller parts: header, suggested questions, composer and notices. */
const meta = {
  title: 'Widget/Parts',
  decorators: [withChatFrame()],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const LOGO =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#0f766e"/><circle cx="16" cy="16" r="8" fill="#fde68a"/></svg>',
  );

export const Header: Story = { render: () => <ChatHeader name="Colegio Sol Assistant" logo={LOGO} /> };
export const HeaderInFrame: Story = {
  render: () => <ChatHeader name="Colegio Sol Assistant" logo={null} onClose={fn()} />,
};
export const Suggestions: Story = {
  render: () => (
    <SuggestedQuestions
      questions={[
        'How much is the tuition fee?',
        'When does the school year start?',
        'Is there a school bus?',
      ]}
      onAsk={fn()}
    />
  ),
};
export const SuggestionsWhileAnswering: Story = {
  render: () => <SuggestedQuestions questions={['How much is the tuition fee?']} onAsk={fn()} disabled />,
};
export const ComposerEmpty: Story = {
  render: () => <Composer value="" onChange={fn()} onSend={fn()} busy={false} />,
};
export const ComposerTyped: Story = {
  render: () => <Composer value="Is there a school bus?" onChange={fn()} onSend={fn()} busy={false} />,
};
/** A message that could not be sent: back in the input, with a retry button. */
export const ComposerFailed: Story = {
  render: () => (
    <Composer
      value="Is there a school bus?"
      onChange={fn()}
      onSend={fn()}
      busy={false}
      failure="The message could not be sent. Check your connection and try again."
    />
  ),
};
export const NoticeLoading: Story = { render: () => <ChatNotice kind="loading" /> };
export const NoticeInactive: Story = { render: () => <ChatNotice kind="inactive" /> };
export const NoticeMissing: Story = { render: () => <ChatNotice kind="missing" /> };
export const NoticeFailed: Story = { render: () => <ChatNotice kind="failed" /> };
