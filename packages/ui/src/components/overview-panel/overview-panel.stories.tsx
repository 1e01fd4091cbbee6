import type { Overview } from '@conversa/contract/conversation';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { OverviewPanel } from './overview-panel';

const overview: Overview = {
  summary: 'A family asked when enrolment opens and whether there is a school bus.',
  intent: 'enrolment',
  topics: ['Enrolment', 'Transport'],
  unanswered_questions: ['¿Tienen transporte escolar?'],
  contact: { name: 'Lucía Pérez', email: 'lucia@example.com', phone: null },
  urgency: 'medium',
  next_step: 'Call the family about the school bus.',
  language: 'es',
  generated_at: '2025-03-10T10:00:00.000Z',
  generator: 'llm',
};

const meta = {
  title: 'Components/OverviewPanel',
  component: OverviewPanel,
  tags: ['autodocs'],
  args: { overview: null, onGenerate: fn() },
} satisfies Meta<typeof OverviewPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Absent: Story = {};
export const Generating: Story = { args: { generating: true } };
export const Generated: Story = { args: { overview } };
export const Extractive: Story = {
  args: {
    overview: {
      ...overview,
      generator: 'extractive',
      contact: { name: null, email: null, phone: null },
      unanswered_questions: [],
    },
  },
};
export const Regenerating: Story = { args: { overview, generating: true } };
export const ReadOnly: Story = { args: { overview, canGenerate: false } };
