import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { EmailField, type EmailFieldProps } from './email-field';

function Stateful(props: EmailFieldProps) {
  const [value, setValue] = useState(props.value);
  return (
    <EmailField
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
  title: 'Components/EmailField',
  component: EmailField,
  tags: ['autodocs'],
  args: { value: '', onChange: fn(), whose: 'own' },
  render: (args) => <Stateful {...args} />,
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
