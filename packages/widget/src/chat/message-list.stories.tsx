import type { Meta, StoryObj } from '@storybook/react-vite';
import { type Line, MessageList, noteOf } from './message-list';
import { withChatData, withChatFrame } from './testing/stories';

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
const handoff = {
  name: 'Ana Ruiz',
  email: 'admisiones@colegiosol.es',
  phone: null,
  hours: 'Mon-Fri 9:00-17:00',
  message: null,
};

/** With live chat on, the handoff card offers a person now. */
export const WithLiveChat: Story = {
  args: {
    lines: [
      question('Can I visit the school?'),
      answer("I don't have enough information to answer that.", { handoff }),
    ],
    onPerson: () => new Promise<boolean>(() => undefined),
  },
};

/** A person asked for, joined, and answering; then back to the assistant. */
export const PersonAnswering: Story = {
  args: {
    lines: [
      question('Can I visit the school?'),
      answer("I don't have enough information to answer that.", { handoff }),
      noteOf('n1', 'Waiting for a person…'),
      noteOf('n2', 'Ana Ruiz joined the conversation'),
      {
        key: 'm9',
        role: 'agent',
        agent_name: 'Ana Ruiz',
        text: 'Hello! Of course: we have open days every Friday at 10:00.',
        sources: [],
        handoff: null,
      },
      question('Great, see you on Friday!', 'q2'),
      noteOf('n3', "You're back with the assistant."),
    ],
  },
};

/** Nobody took the conversation in time: the contact form is offered. */
export const NobodyAvailable: Story = {
  args: {
    lines: [
      question('Can I visit the school?'),
      noteOf('n1', 'Nobody is available right now. Leave your details and we will contact you.', true),
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
/** A whole answer has the thumbs pair under it (its own chunk); the visitor's rating is pressed. */
export const RatingOffered: Story = {
  decorators: [withChatData],
  args: {
    lines: [
      question('How much is the tuition fee?'),
      answer('The tuition fee is 450 euros a month.', { id: 2 }),
    ],
  },
};
export const RatedUp: Story = {
  decorators: [withChatData],
  args: {
    lines: [
      question('How much is the tuition fee?'),
      answer('The tuition fee is 450 euros a month.', { id: 2, rating: 'up' }),
    ],
  },
};
export const RatedDown: Story = {
  decorators: [withChatData],
  args: {
    lines: [
      question('Is there a summer camp?'),
      answer('I could not find that in what I know.', { id: 2, rating: 'down' }),
    ],
  },
};
