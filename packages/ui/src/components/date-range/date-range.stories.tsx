import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fireEvent, fn } from 'storybook/test';
import { DateRange, type DateRangeProps } from './date-range';

function Stateful(props: DateRangeProps) {
  const [value, setValue] = useState(props.value);
  return (
    <DateRange
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
  title: 'Components/DateRange',
  component: DateRange,
  tags: ['autodocs'],
  args: { label: 'Date', value: { start: '', end: '' }, onChange: fn() },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof DateRange>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { value: { start: '2025-03-01', end: '2025-03-31' } } };
/** The component keeps an invalid range to itself, so the story types one in. */
export const EndBeforeStart: Story = {
  args: { value: { start: '2025-03-10', end: '' } },
  play: async ({ canvasElement }) => {
    const end = canvasElement.querySelectorAll('input[type="date"]')[1];
    if (end) fireEvent.change(end, { target: { value: '2025-03-01' } });
  },
};
export const WithError: Story = {
  args: {
    value: { start: '2025-03-01', end: '2025-03-31' },
    error: 'Some fields are not valid. Check them and try again.',
  },
};
export const Disabled: Story = {
  args: { value: { start: '2025-03-01', end: '2025-03-31' }, disabled: true },
};
