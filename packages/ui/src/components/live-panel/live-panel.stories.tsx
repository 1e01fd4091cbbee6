import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { LivePanel } from './live-panel';

const ana = { id: 7, full_name: 'Ana García' };

const meta = {
  title: 'Components/LivePanel',
  component: LivePanel,
  tags: ['autodocs'],
  args: {
    state: { status: 'assistant', agent: null },
    userId: 7,
    canReply: true,
    canForce: false,
    onTakeOver: fn(),
    onRelease: fn(),
    onReply: fn(async () => true),
    onTyping: fn(),
  },
} satisfies Meta<typeof LivePanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AssistantAnswering: Story = {};
export const Waiting: Story = { args: { state: { status: 'waiting', agent: null } } };
export const Answering: Story = { args: { state: { status: 'human', agent: ana } } };
export const Sending: Story = { args: { state: { status: 'human', agent: ana }, busy: 'reply' } };
export const HeldByColleague: Story = {
  args: { state: { status: 'human', agent: { id: 9, full_name: 'Luis Pérez' } } },
};
export const ManagerMayTakeOver: Story = {
  args: { state: { status: 'human', agent: { id: 9, full_name: 'Luis Pérez' } }, canForce: true },
};
export const ReadOnly: Story = { args: { state: { status: 'waiting', agent: null }, canReply: false } };
