import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button/button';
import { EmptyState } from './empty-state';

const meta = {
  title: 'Components/EmptyState',
  component: EmptyState,
  tags: ['autodocs'],
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoResults: Story = {};
export const NoMoreResults: Story = { args: { kind: 'no-more' } };
export const WithAction: Story = {
  args: { title: 'No files yet', children: <Button size="small">Upload files</Button> },
};
