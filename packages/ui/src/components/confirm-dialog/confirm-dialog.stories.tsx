import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ConfirmDialog } from './confirm-dialog';

const meta = {
  title: 'Components/ConfirmDialog',
  component: ConfirmDialog,
  tags: ['autodocs'],
  args: {
    open: true,
    title: 'Delete 3 leads?',
    message: 'They are removed for everyone in your institution. This cannot be undone.',
    onConfirm: fn(),
    onCancel: fn(),
  },
  parameters: { docs: { story: { inline: false, iframeHeight: 320 } } },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Danger: Story = {};
export const Primary: Story = {
  args: { tone: 'primary', title: 'Publish the chat link?', message: 'Anyone with the link can chat.' },
};
export const Waiting: Story = { args: { waiting: true } };
export const Closed: Story = { args: { open: false } };
