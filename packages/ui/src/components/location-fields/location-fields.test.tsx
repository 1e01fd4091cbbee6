import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render';
import { LocationFields } from './location-fields';
import { sampleCountries } from './sample-countries';

const place = { name: 'location', label: 'Location', hint: 'City or region' };

describe('LocationFields', () => {
  it('chooses a country from the list and types the place, under the names the API uses', async () => {
    const user = userEvent.setup();
    const onCountryChange = vi.fn();
    const onPlaceChange = vi.fn();
    renderUi(
      <LocationFields
        country=""
        place=""
        onCountryChange={onCountryChange}
        onPlaceChange={onPlaceChange}
        placeField={place}
        countries={sampleCountries}
      />,
    );
    const country = screen.getByRole('combobox', { name: /^Country/ }) as HTMLSelectElement;
    expect(country.name).toBe('country');
    await user.selectOptions(country, 'MX');
    expect(onCountryChange).toHaveBeenCalledWith('MX');
    const location = screen.getByRole('textbox', { name: /^Location/ }) as HTMLInputElement;
    expect(location.name).toBe('location');
    expect(location.autocomplete).toBe('address-level2');
    expect(screen.getByText('City or region')).toBeTruthy();
    await user.type(location, 'S');
    expect(onPlaceChange).toHaveBeenCalledWith('S');
  });

  it('shows the errors under their fields and locks both while sending', () => {
    renderUi(
      <LocationFields
        country="ES"
        place="Sevilla"
        onCountryChange={vi.fn()}
        onPlaceChange={vi.fn()}
        placeField={{ name: 'city', label: 'City' }}
        countries={sampleCountries}
        errors={{ country: 'Choose a country.', place: 'Too long.' }}
        waiting
      />,
    );
    expect(screen.getByText('Choose a country.')).toBeTruthy();
    expect(screen.getByText('Too long.')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: /^Country/ }) as HTMLSelectElement).disabled).toBe(true);
  });

  it('speaks Spanish', () => {
    renderUi(
      <LocationFields
        country=""
        place=""
        onCountryChange={vi.fn()}
        onPlaceChange={vi.fn()}
        placeField={{ name: 'city', label: 'Ciudad' }}
        countries={sampleCountries}
      />,
      { locale: 'es' },
    );
    expect(screen.getByRole('combobox', { name: /^País/ })).toBeTruthy();
  });
});
