import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { Button } from '../button/button';
import { TextField } from '../text-field/text-field';
import { Dialog } from './dialog';

const meta = {
  title: 'Components/Dialog',
  component: Dialog,
  tags: ['autodocs'],
  args: {
    open: true,
    onClose: fn(),
    title: 'Rename assistant',
    description: 'Visitors see this name in the chat.',
  },
  parameters: { docs: { story: { inline: false, iframeHeight: 360 } } },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  args: {
    children: <TextField label="Name" value="Admissions helper" onChange={() => {}} />,
    footer: (
      <>
        <Button variant="secondary">Cancel</Button>
        <Button>Save</Button>
      </>
    ),
  },
};
export const Waiting: Story = {
  args: {
    children: <TextField label="Name" value="Admissions helper" waiting onChange={() => {}} />,
    footer: <Button waiting>Save</Button>,
  },
};
export const WithError: Story = {
  args: {
    children: <TextField label="Name" value="" error="This field is required." onChange={() => {}} />,
    footer: <Button>Save</Button>,
  },
};
/** Closed: only what opens it is on screen. */
export const Closed: Story = {
  args: { open: false },
  render: function ClosedDialog(args) {
    const [open, setOpen] = useState(args.open);
    return (
      <>
        <Button onClick={() => setOpen(true)}>Rename assistant</Button>
        <Dialog {...args} open={open} onClose={() => setOpen(false)} />
      </>
    );
  },
};
