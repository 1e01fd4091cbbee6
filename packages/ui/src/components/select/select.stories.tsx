import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Select } from './select';
import { statefulRender } from '../../testing/stateful-story';

const meta = {
  title: 'Components/Select',
  component: Select,
  tags: ['autodocs'],
  args: {
    label: 'Number of students',
    placeholder: 'Choose one',
    value: '',
    onChange: fn(),
    options: [
      { value: 'up_to_250', label: 'Up to 250' },
      { value: '250_500', label: '250 - 500' },
      { value: '500_1000', label: '500 - 1000' },
      { value: 'over_1000', label: 'Over 1000' },
    ],
  },
  render: statefulRender(Select),
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { value: '250_500' } };
export const NoOptions: Story = { args: { options: [] } };
export const WithError: Story = { args: { required: true, error: 'This field is required.' } };
export const Waiting: Story = { args: { waiting: true } };
export const Disabled: Story = { args: { value: '250_500', disabled: true } };
