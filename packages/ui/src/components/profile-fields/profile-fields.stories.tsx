import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { sampleCountries } from '../location-fields/sample-countries';
import { EMPTY_PROFILE, ProfileFields, type ProfileFieldsProps } from './profile-fields';

const countries = sampleCountries;

function Stateful(props: ProfileFieldsProps) {
  const [values, setValues] = useState(props.values);
  return (
    <ProfileFields
      {...props}
      values={values}
      onChange={(field, value) => {
        setValues((current) => ({ ...current, [field]: value }));
        props.onChange(field, value);
      }}
    />
  );
}

const meta = {
  title: 'Components/ProfileFields',
  component: ProfileFields,
  tags: ['autodocs'],
  args: { values: EMPTY_PROFILE, onChange: fn(), countries },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof ProfileFields>;

export default meta;
type Story = StoryObj<typeof meta>;

const filled = {
  full_name: 'Marta Gil Romero',
  first_name: 'Marta',
  last_name: 'Gil Romero',
  phone_number: '+34600000001',
  country: 'ES',
  city: 'Sevilla',
  role: 'principal',
};

export const Empty: Story = {};
export const Filled: Story = { args: { values: filled, withLocation: true } };
export const WithErrors: Story = {
  args: {
    withLocation: true,
    errors: { full_name: 'This field is required.', phone_number: 'Invalid phone number.' },
  },
};
export const Waiting: Story = {
  args: { values: filled, waiting: true, withLocation: true, countriesWaiting: true },
};
export const Disabled: Story = { args: { values: filled, disabled: true, withLocation: true } };
