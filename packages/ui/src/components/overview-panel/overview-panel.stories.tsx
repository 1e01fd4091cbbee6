import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { OverviewPanel } from './overview-panel';
import { sampleOverview as overview } from './sample-overview';

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
