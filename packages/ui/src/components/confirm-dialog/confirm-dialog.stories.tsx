import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { Button } from '../button/button';
import { TextField } from '../text-field/text-field';
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
/** Asking more below the message (as TypeToConfirmDialog does): the field has the focus, Delete waits for it. */
export const WithField: Story = {
  args: {
    confirmDisabled: true,
    children: <TextField label="Type Admissions to confirm" value="" onChange={fn()} autoFocus />,
  },
};
/** Closed: only what opens it is on screen. */
export const Closed: Story = {
  args: { open: false },
  render: function ClosedConfirmDialog(args) {
    const [open, setOpen] = useState(args.open);
    return (
      <>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete 3 leads
        </Button>
        <ConfirmDialog
          {...args}
          open={open}
          onCancel={() => setOpen(false)}
          onConfirm={() => setOpen(false)}
        />
      </>
    );
  },
};
