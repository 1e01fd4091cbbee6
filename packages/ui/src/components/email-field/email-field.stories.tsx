import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { EmailField } from './email-field';
import { statefulRender } from '../../testing/stateful-story';

const meta = {
  title: 'Components/EmailField',
  component: EmailField,
  tags: ['autodocs'],
  args: { value: '', onChange: fn(), whose: 'own' },
  render: statefulRender(EmailField),
} satisfies Meta<typeof EmailField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Required: Story = { args: { required: true } };
export const Filled: Story = { args: { value: 'marta@colegiosol.es' } };
export const SomeoneElses: Story = {
  args: { whose: 'other', hint: 'We send them a link valid for 7 days.' },
};
export const WithError: Story = { args: { value: 'marta@', error: 'Enter a valid email.' } };
export const Waiting: Story = { args: { value: 'marta@colegiosol.es', waiting: true } };
export const ReadOnly: Story = { args: { value: 'marta@colegiosol.es', readOnly: true } };
