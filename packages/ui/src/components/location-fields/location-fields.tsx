/**
 * Where someone or something is: the country, chosen from the API's list, and the place typed in
 * it (a school's location, a person's city). Two fields for a `FieldGrid`.
 */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Select, type SelectOption } from '../select/select';
import { TextField } from '../text-field/text-field';

export interface LocationFieldsProps {
  country: string;
  place: string;
  onCountryChange: (value: string) => void;
  onPlaceChange: (value: string) => void;
  /** The place field as the API names it (`location`, `city`), its label and an optional hint. */
  placeField: { name: string; label: string; hint?: string };
  countries: SelectOption[];
  /** The country list is loading. */
  countriesWaiting?: boolean;
  /** Translated messages under the fields. */
  errors?: { country?: ReactNode; place?: ReactNode };
  /** The form is being sent. */
  waiting?: boolean;
  disabled?: boolean;
}

export function LocationFields({
  country,
  place,
  onCountryChange,
  onPlaceChange,
  placeField,
  countries,
  countriesWaiting = false,
  errors = {},
  waiting = false,
  disabled = false,
}: LocationFieldsProps) {
  const { t } = useLingui();
  return (
    <>
      <Select
        label={t`Country`}
        name="country"
        placeholder={t`Choose a country`}
        options={countries}
        waiting={countriesWaiting}
        value={country}
        error={errors.country}
        disabled={disabled || waiting}
        onChange={onCountryChange}
      />
      <TextField
        disabled={disabled}
        waiting={waiting}
        label={placeField.label}
        name={placeField.name}
        autoComplete="address-level2"
        hint={placeField.hint}
        value={place}
        error={errors.place}
        onChange={onPlaceChange}
      />
    </>
  );
}
