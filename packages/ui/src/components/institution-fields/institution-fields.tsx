/** The fields of a school or business (sign-up's "about your school" and the profile page). */
import { STUDENT_BUCKETS, type StudentBucket } from '@conversa/contract/constants';
import type { InstitutionKind } from '@conversa/contract/institution';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ErrorText, FieldGrid } from '../../primitives/field';
import { LocationFields } from '../location-fields/location-fields';
import { Select, type SelectOption } from '../select/select';
import { TextField } from '../text-field/text-field';

/** Field names, as the API spells them. */
export type InstitutionFieldName = 'kind' | 'name' | 'website_url' | 'students' | 'country' | 'location';
export type InstitutionValues = Record<InstitutionFieldName, string>;

/** A new school with nothing filled in. */
export const EMPTY_INSTITUTION: InstitutionValues = {
  kind: 'school',
  name: '',
  website_url: '',
  students: '',
  country: '',
  location: '',
};

const Kinds = styled.fieldset`
  grid-column: 1 / -1;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  border: none;
  & > legend {
    margin-bottom: ${({ theme }) => theme.space(1.5)};
    padding: 0;
    font-size: 0.875rem;
    font-weight: 600;
  }
`;

const Kind = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: ${({ theme }) => theme.controlHeight.medium};
  padding: 0 ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius};
  cursor: pointer;
  &:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: inset 0 0 0 1px ${({ theme }) => theme.colors.primary};
  }
  & > input {
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

export interface InstitutionFieldsProps {
  values: InstitutionValues;
  onChange: (field: InstitutionFieldName, value: string) => void;
  errors?: Partial<Record<InstitutionFieldName, ReactNode>>;
  /** School or business can be chosen (creating); an existing institution keeps its kind. */
  kindEditable?: boolean;
  countries: SelectOption[];
  countriesWaiting?: boolean;
  waiting?: boolean;
  disabled?: boolean;
}

/** The number of students is asked of schools only. */
export function InstitutionFields({
  values,
  onChange,
  errors = {},
  kindEditable = true,
  countries,
  countriesWaiting = false,
  waiting = false,
  disabled = false,
}: InstitutionFieldsProps) {
  const { t } = useLingui();
  const school = values.kind !== 'business';
  const buckets: Record<StudentBucket, string> = {
    up_to_250: t`Up to 250`,
    '250_500': t`250-500`,
    '500_1000': t`500-1000`,
    over_1000: t`Over 1000`,
  };
  const kinds: Record<InstitutionKind, string> = { school: t`School`, business: t`Business` };
  const common = { disabled, waiting };
  return (
    <FieldGrid>
      {kindEditable ? (
        <Kinds aria-describedby={errors.kind ? 'institution-kind-error' : undefined}>
          <legend>{t`What are you setting up?`}</legend>
          {(Object.keys(kinds) as InstitutionKind[]).map((kind) => (
            <Kind key={kind}>
              <input
                type="radio"
                name="kind"
                value={kind}
                checked={values.kind === kind}
                disabled={disabled || waiting}
                onChange={() => onChange('kind', kind)}
              />
              {kinds[kind]}
            </Kind>
          ))}
          {errors.kind ? <ErrorText id="institution-kind-error">{errors.kind}</ErrorText> : null}
        </Kinds>
      ) : null}
      <TextField
        {...common}
        required
        label={school ? t`School name` : t`Business name`}
        name="name"
        autoComplete="organization"
        value={values.name}
        error={errors.name}
        onChange={(value) => onChange('name', value)}
      />
      <TextField
        {...common}
        label={t`Website URL`}
        name="website_url"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        value={values.website_url}
        error={errors.website_url}
        onChange={(value) => onChange('website_url', value)}
      />
      {school ? (
        <Select
          label={t`Number of students`}
          name="students"
          placeholder={t`Choose a range`}
          options={STUDENT_BUCKETS.map((value) => ({ value, label: buckets[value] }))}
          value={values.students}
          error={errors.students}
          disabled={disabled || waiting}
          onChange={(value) => onChange('students', value)}
        />
      ) : null}
      <LocationFields
        {...common}
        country={values.country}
        place={values.location}
        onCountryChange={(value) => onChange('country', value)}
        onPlaceChange={(value) => onChange('location', value)}
        placeField={{ name: 'location', label: t`Location`, hint: t`City or region` }}
        countries={countries}
        countriesWaiting={countriesWaiting}
        errors={{ country: errors.country, place: errors.location }}
      />
    </FieldGrid>
  );
}
