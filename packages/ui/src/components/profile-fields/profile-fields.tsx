/** The fields of a person's profile (sign-up's "about you" and the profile page), values in, changes out. */
import { SIGNUP_POSITIONS, type SignupPosition } from '@conversa/contract/constants';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { FieldGrid } from '../../primitives/field';
import { LocationFields } from '../location-fields/location-fields';
import { PhoneField } from '../phone-field/phone-field';
import { Select, type SelectOption } from '../select/select';
import { TextField } from '../text-field/text-field';

/** Field names, as the API spells them. */
export type ProfileFieldName =
  'full_name' | 'first_name' | 'last_name' | 'phone_number' | 'country' | 'city' | 'role';
export type ProfileValues = Record<ProfileFieldName, string>;

/** Nothing filled in yet. */
export const EMPTY_PROFILE: ProfileValues = {
  full_name: '',
  first_name: '',
  last_name: '',
  phone_number: '',
  country: '',
  city: '',
  role: '',
};

export interface ProfileFieldsProps {
  values: ProfileValues;
  onChange: (field: ProfileFieldName, value: string) => void;
  /** Translated messages under the fields. */
  errors?: Partial<Record<ProfileFieldName, ReactNode>>;
  /** Also country and city (the profile page; sign-up leaves them for later). */
  withLocation?: boolean;
  countries?: SelectOption[];
  /** The country list is loading. */
  countriesWaiting?: boolean;
  /** The form is being sent. */
  waiting?: boolean;
  disabled?: boolean;
}

const joined = (first: string, last: string) => [first.trim(), last.trim()].filter(Boolean).join(' ');

/** First and last name fill in the full name for as long as the user has not typed another one. */
export function ProfileFields({
  values,
  onChange,
  errors = {},
  withLocation = false,
  countries = [],
  countriesWaiting = false,
  waiting = false,
  disabled = false,
}: ProfileFieldsProps) {
  const { t } = useLingui();
  const positions: Record<SignupPosition, string> = {
    principal: t`Principal/Headmaster`,
    admissions_team: t`Admissions team`,
    administrative_staff: t`Administrative staff`,
    communications_marketing: t`Communications/Marketing`,
    director_general: t`Director general`,
  };
  const positionOptions = SIGNUP_POSITIONS.map((value) => ({ value, label: positions[value] }));
  const derived = values.full_name.trim() === joined(values.first_name, values.last_name);
  const setName = (field: 'first_name' | 'last_name', value: string) => {
    onChange(field, value);
    if (!derived) return;
    const next = { ...values, [field]: value };
    onChange('full_name', joined(next.first_name, next.last_name));
  };
  const common = { disabled, waiting };
  return (
    <FieldGrid>
      <TextField
        {...common}
        label={t`First name`}
        name="first_name"
        autoComplete="given-name"
        value={values.first_name}
        error={errors.first_name}
        onChange={(value) => setName('first_name', value)}
      />
      <TextField
        {...common}
        label={t`Last name`}
        name="last_name"
        autoComplete="family-name"
        value={values.last_name}
        error={errors.last_name}
        onChange={(value) => setName('last_name', value)}
      />
      <TextField
        {...common}
        required
        label={t`Full name`}
        name="full_name"
        autoComplete="name"
        value={values.full_name}
        error={errors.full_name}
        onChange={(value) => onChange('full_name', value)}
      />
      <PhoneField
        {...common}
        label={t`Phone number`}
        name="phone_number"
        value={values.phone_number}
        error={errors.phone_number}
        onChange={(value) => onChange('phone_number', value)}
      />
      <Select
        label={t`Position`}
        name="role"
        placeholder={t`Choose your position`}
        options={positionOptions}
        value={values.role}
        error={errors.role}
        disabled={disabled || waiting}
        onChange={(value) => onChange('role', value)}
      />
      {withLocation ? (
        <LocationFields
          {...common}
          country={values.country}
          place={values.city}
          onCountryChange={(value) => onChange('country', value)}
          onPlaceChange={(value) => onChange('city', value)}
          placeField={{ name: 'city', label: t`City` }}
          countries={countries}
          countriesWaiting={countriesWaiting}
          errors={{ country: errors.country, place: errors.city }}
        />
      ) : null}
    </FieldGrid>
  );
}
