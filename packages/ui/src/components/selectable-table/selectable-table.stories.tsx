import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SchoolList } from './selectable-table.harness';

const meta = {
  title: 'Components/SelectableTable',
  component: SchoolList,
  tags: ['autodocs'],
  args: { onDelete: fn() },
} satisfies Meta<typeof SchoolList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 57 rows, 20 a page; the rows of Chile cannot be ticked. */
export const Filled: Story = {};
export const ReadOnly: Story = { args: { selectable: false } };
export const Waiting: Story = { args: { waiting: true } };
export const WithError: Story = {
  args: { rows: [], error: 'Something went wrong on our side. Try again in a moment.' },
};
/** Nothing matches: the table says so. */
export const NoResults: Story = { args: { rows: [] } };
/** Nothing at all yet: the screen's own message instead of the table. */
export const Empty: Story = { args: { rows: [], emptyState: true } };
