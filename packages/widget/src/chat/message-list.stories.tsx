import type { Meta, StoryObj } from '@storybook/react-vite';
import { type Line, MessageList } from './message-list';
import { withChatFrame } from './testing/stories';

const question = (text: string, key = 'q1'): Line => ({
  key,
  role: 'user',
  text,
  sources: [],
  handoff: null,
});
const answer = (text: string, extra: Partial<Line> = {}): Line => ({
  key: 'a1',
  role: 'assistant',
  text,
  sources: [],
  handoff: null,
  ...extra,
});

/** The conversation: greeting, questions, answers in the safe Markdown subset, sources, handoff. */
const meta = {
  title: 'Widget/Message list',
  component: MessageList,
  decorators: [withChatFrame()],
  args: { lines: [], greeting: 'Hi! I answer questions about admissions at Colegio Sol.' },
} satisfies Meta<typeof MessageList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Greeting: Story = {};
export const Conversation: Story = {
  args: {
    lines: [
      question('What do I need to apply?'),
      answer(
        'You need:\n- the **application form**\n- a copy of the last report card\n\nSee [the admissions page](https://colegiosol.es/admissions) for the dates.',
        {
          sources: [
            { kind: 'file', title: 'Admissions guide 2027.pdf', file_id: 3 },
            { kind: 'knowledge_base', title: null, file_id: null },
          ],
        },
      ),
    ],
  },
};
export const Streaming: Story = {
  args: {
    lines: [question('How much is the tuition fee?'), answer('The tuition fee is', { pending: true })],
  },
};
export const Thinking: Story = {
  args: { lines: [question('How much is the tuition fee?'), answer('', { pending: true })] },
};
export const WithHandoff: Story = {
  args: {
    lines: [
      question('Can I visit the school?'),
      answer("I don't have enough information to answer that.", {
        handoff: {
          name: 'Ana Ruiz',
          email: 'admisiones@colegiosol.es',
          phone: '+34 600 000 001',
          hours: 'Mon-Fri 9:00-17:00',
          message: 'Our admissions office will gladly help.',
        },
      }),
    ],
  },
};
/** Markup in questions and answers stays text; a `javascript:` link keeps only its label. */
export const HostileText: Story = {
  args: {
    greeting: '<img src=x onerror="alert(1)">',
    lines: [
      question('<script>alert(1)</script> "><svg onload=alert(1)>'),
      answer('<b>not bold</b> [click me](javascript:alert(1)) <iframe src="https://example.com"></iframe>'),
    ],
  },
};
export const Spanish: Story = { ...Conversation, globals: { locale: 'es' } };
