import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { TypeToConfirmDialog } from './type-to-confirm-dialog';

const meta = {
  title: 'Components/TypeToConfirmDialog',
  component: TypeToConfirmDialog,
  tags: ['autodocs'],
  args: {
    open: true,
    title: 'Delete the assistant Admisiones?',
    message: 'Its files, conversations, leads and orders are deleted for good. This cannot be undone.',
    name: 'Admisiones',
    confirmLabel: 'Delete assistant',
    onConfirm: fn(),
    onCancel: fn(),
  },
  parameters: { docs: { story: { inline: false, iframeHeight: 380 } } },
} satisfies Meta<typeof TypeToConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty: the delete button waits for the name. */
export const Empty: Story = {};
export const Waiting: Story = { args: { waiting: true } };
export const Failed: Story = { args: { error: 'Type the name exactly as it is shown.' } };
