import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CopyField } from './copy-field';

const meta = {
  title: 'Components/CopyField',
  component: CopyField,
  tags: ['autodocs'],
  args: { label: 'Public chat link', value: 'https://conversa.example/admissions/42', onCopied: fn() },
} satisfies Meta<typeof CopyField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {};
export const Snippet: Story = {
  args: {
    label: 'Embed snippet',
    multiline: true,
    value: '<script src="https://conversa.example/embed.js" data-assistant="42" async></script>',
  },
};
export const Empty: Story = { args: { value: '' } };
export const Waiting: Story = { args: { waiting: true } };
export const Disabled: Story = { args: { disabled: true } };
