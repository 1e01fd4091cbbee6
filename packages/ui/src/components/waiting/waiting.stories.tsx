import type { Meta, StoryObj } from '@storybook/react-vite';
import { Waiting } from './waiting';

const meta = {
  title: 'Components/Waiting',
  component: Waiting,
  tags: ['autodocs'],
} satisfies Meta<typeof Waiting>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithLabel: Story = { args: { label: 'Uploading files…', showLabel: true } };
export const Small: Story = { args: { size: 'small' } };
export const Block: Story = { args: { block: true, size: 'large' } };
