import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PasswordField } from './password-field';
import { statefulRender } from '../../testing/stateful-story';

const meta = {
  title: 'Components/PasswordField',
  component: PasswordField,
  tags: ['autodocs'],
  args: { label: 'New password', value: '', onChange: fn(), checklist: true },
  render: statefulRender(PasswordField),
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const PartlyValid: Story = { args: { value: 'school1' } };
export const Filled: Story = { args: { value: 'School2024' } };
export const CurrentPassword: Story = { args: { label: 'Password', checklist: false, value: 'secret' } };
export const WithError: Story = {
  args: { value: 'short', error: 'The password must be at least 8 characters long.' },
};
export const Waiting: Story = { args: { value: 'School2024', waiting: true } };
export const Disabled: Story = { args: { value: 'School2024', disabled: true } };
