import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { Checkbox, type CheckboxProps } from './checkbox';

function Stateful(props: CheckboxProps) {
  const [checked, setChecked] = useState(props.checked);
  return (
    <Checkbox
      {...props}
      checked={checked}
      onChange={(next) => {
        setChecked(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Components/Checkbox',
  component: Checkbox,
  tags: ['autodocs'],
  args: { label: 'Public chat link active', checked: false, onChange: fn() },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Unchecked: Story = {};
export const Checked: Story = { args: { checked: true } };
export const WithDescription: Story = { args: { description: 'Visitors can chat with your assistant.' } };
export const Indeterminate: Story = { args: { label: 'Select all', indeterminate: true } };
export const WithError: Story = {
  args: { label: 'I accept the terms', required: true, error: 'This field is required.' },
};
export const Disabled: Story = { args: { checked: true, disabled: true } };
