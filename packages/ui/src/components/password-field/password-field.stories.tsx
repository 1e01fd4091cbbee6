import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { PasswordField, type PasswordFieldProps } from './password-field';

function Stateful(props: PasswordFieldProps) {
  const [value, setValue] = useState(props.value);
  return (
    <PasswordField
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Components/PasswordField',
  component: PasswordField,
  tags: ['autodocs'],
  args: { label: 'New password', value: '', onChange: fn(), checklist: true },
  render: (args) => <Stateful {...args} />,
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
