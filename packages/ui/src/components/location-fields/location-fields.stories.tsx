import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { FieldGrid } from '../../primitives/field';
import { LocationFields, type LocationFieldsProps } from './location-fields';
import { sampleCountries } from './sample-countries';

function Stateful(props: LocationFieldsProps) {
  const [country, setCountry] = useState(props.country);
  const [place, setPlace] = useState(props.place);
  return (
    <FieldGrid>
      <LocationFields
        {...props}
        country={country}
        place={place}
        onCountryChange={(value) => {
          setCountry(value);
          props.onCountryChange(value);
        }}
        onPlaceChange={(value) => {
          setPlace(value);
          props.onPlaceChange(value);
        }}
      />
    </FieldGrid>
  );
}

const meta = {
  title: 'Components/LocationFields',
  component: LocationFields,
  tags: ['autodocs'],
  args: {
    country: '',
    place: '',
    onCountryChange: fn(),
    onPlaceChange: fn(),
    placeField: { name: 'location', label: 'Location', hint: 'City or region' },
    countries: sampleCountries,
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof LocationFields>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { country: 'ES', place: 'Sevilla' } };
export const City: Story = { args: { placeField: { name: 'city', label: 'City' } } };
export const CountriesLoading: Story = { args: { countries: [], countriesWaiting: true } };
export const WithErrors: Story = {
  args: { errors: { country: 'Choose a country.', place: 'At most 120 characters.' } },
};
export const Disabled: Story = { args: { country: 'MX', place: 'Monterrey', disabled: true } };
