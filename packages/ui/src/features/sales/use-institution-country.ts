/** The session's institution's country: a phone number typed without `+` is read as one of its numbers. */
import { useInstitution } from '@conversa/data/institutions/get-institution';
import type { CountryCode } from '../../components/phone-field/phone';

export function useInstitutionCountry(): CountryCode | undefined {
  const institution = useInstitution();
  return (institution.data?.country ?? undefined) as CountryCode | undefined;
}
