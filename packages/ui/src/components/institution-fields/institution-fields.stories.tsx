import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { sampleCountries } from '../location-fields/sample-countries';
import { EMPTY_INSTITUTION, InstitutionFields, type InstitutionFieldsProps } from './institution-fields';

const countries = sampleCountries;

function Stateful(props: InstitutionFieldsProps) {
  const [values, setValues] = useState(props.values);
  return (
    <InstitutionFields
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
  title: 'Components/InstitutionFields',
  component: InstitutionFields,
  tags: ['autodocs'],
  args: { values: EMPTY_INSTITUTION, onChange: fn(), countries },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof InstitutionFields>;

export default meta;
type Story = StoryObj<typeof meta>;

const school = {
  kind: 'school',
  name: 'Colegio Sol',
  website_url: 'https://colegiosol.es',
  students: '250_500',
  country: 'ES',
  location: 'Sevilla',
};

export const Empty: Story = {};
export const FilledSchool: Story = { args: { values: school } };
export const FilledBusiness: Story = {
  args: { values: { ...school, kind: 'business', name: 'Muebles Norte', students: '' }, kindEditable: false },
};
export const WithErrors: Story = {
  args: {
    errors: { name: 'This field is required.', website_url: 'Must be a valid URL (https://example.com).' },
  },
};
export const Waiting: Story = { args: { values: school, waiting: true, countriesWaiting: true } };
export const Disabled: Story = { args: { values: school, disabled: true, kindEditable: false } };
