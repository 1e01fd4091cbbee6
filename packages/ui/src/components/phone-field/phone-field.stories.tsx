import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PhoneField } from './phone-field';
import { statefulRender } from '../../testing/stateful-story';

const meta = {
  title: 'Components/PhoneField',
  component: PhoneField,
  tags: ['autodocs'],
  args: { label: 'Phone number', value: '', onChange: fn() },
  render: statefulRender(PhoneField),
} satisfies Meta<typeof PhoneField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { value: '+34600123456' } };
export const NationalWithCountry: Story = { args: { value: '600 123 456', defaultCountry: 'ES' } };
export const WithError: Story = { args: { value: '+34 12', error: 'Invalid phone number.' } };
export const Waiting: Story = { args: { value: '+34600123456', waiting: true } };
export const Disabled: Story = { args: { value: '+34600123456', disabled: true } };
