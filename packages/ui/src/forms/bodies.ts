/** Form values to and from the API's profile and institution shapes ('' in a form is null on the wire). */
import type { Locale } from '@conversa/contract/constants';
import type { Institution, InstitutionKind, UpdateInstitutionBody } from '@conversa/contract/institution';
import type { Profile } from '@conversa/contract/profile';
import type { UpdateProfileBody } from '@conversa/contract/profile-update';
import type { InstitutionValues } from '../components/institution-fields/institution-fields';
import { EMPTY_PROFILE, type ProfileValues } from '../components/profile-fields/profile-fields';

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** A stored profile as form values. */
export function profileValues(profile: Profile | null): ProfileValues {
  if (!profile) return EMPTY_PROFILE;
  return {
    full_name: profile.full_name,
    first_name: profile.first_name ?? '',
    last_name: profile.last_name ?? '',
    phone_number: profile.phone_number ?? '',
    country: profile.country ?? '',
    city: profile.city ?? '',
    role: profile.role ?? '',
  };
}

/** The body of `PUT user/{id}/profile`. */
export function profileBody(values: ProfileValues, locale: Locale): UpdateProfileBody {
  return {
    full_name: values.full_name.trim(),
    first_name: blankToNull(values.first_name),
    last_name: blankToNull(values.last_name),
    phone_number: blankToNull(values.phone_number),
    country: blankToNull(values.country),
    city: blankToNull(values.city),
    role: blankToNull(values.role) as UpdateProfileBody['role'],
    locale,
  };
}

/** A stored institution as form values. */
export function institutionValues(institution: Institution): InstitutionValues {
  return {
    kind: institution.kind,
    name: institution.name,
    website_url: institution.website_url ?? '',
    students: institution.students ?? '',
    country: institution.country ?? '',
    location: institution.location ?? '',
  };
}

/** The body of `PUT institution/{id}` (and, with `kind`, of `POST institution`); students only for schools. */
export function institutionBody(
  values: InstitutionValues,
): UpdateInstitutionBody & { kind: InstitutionKind } {
  const kind: InstitutionKind = values.kind === 'business' ? 'business' : 'school';
  return {
    kind,
    name: values.name.trim(),
    website_url: blankToNull(values.website_url),
    students: kind === 'school' ? (blankToNull(values.students) as UpdateInstitutionBody['students']) : null,
    country: blankToNull(values.country),
    location: blankToNull(values.location),
  };
}

/** Countries as select options (code, name in the request's language). */
export function countryOptions(countries: readonly { code: string; name: string }[] | undefined) {
  return (countries ?? []).map((country) => ({ value: country.code, label: country.name }));
}
