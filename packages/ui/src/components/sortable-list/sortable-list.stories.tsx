import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SortableHarness } from './sortable-list.harness';

const meta = {
  title: 'Components/SortableList',
  component: SortableHarness,
  tags: ['autodocs'],
  args: { names: ['Company', 'Budget', 'Channel'], onChange: fn() },
} satisfies Meta<typeof SortableHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** For members who may not edit: the items, no buttons. */
export const ReadOnly: Story = { args: { editable: false } };

export const One: Story = { args: { names: ['Company'] } };
