import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { TextField } from './text-field';
import { statefulRender } from '../../testing/stateful-story';

const meta = {
  title: 'Components/TextField',
  component: TextField,
  tags: ['autodocs'],
  args: { label: 'Email', value: '', onChange: fn(), type: 'email', placeholder: 'name@school.edu' },
  render: statefulRender(TextField),
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { value: 'ana@school.edu' } };
export const WithHint: Story = { args: { hint: 'We send the verification code here.' } };
export const Required: Story = { args: { required: true } };
export const WithError: Story = { args: { value: 'ana@', error: 'Invalid email address.' } };
export const Waiting: Story = { args: { value: 'ana@school.edu', waiting: true } };
export const Disabled: Story = { args: { value: 'ana@school.edu', disabled: true } };
export const Multiline: Story = {
  args: {
    label: 'Answer',
    type: undefined,
    placeholder: undefined,
    multiline: true,
    value: 'Admissions open in March.',
  },
};
