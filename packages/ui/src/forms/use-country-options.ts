/** The API's countries as the options of a country field (`LocationFields`), and whether they failed to load. */
import { useCountries } from '@conversa/data/countries/list-countries';
import { countryOptions } from './bodies';

export function useCountryOptions() {
  const countries = useCountries();
  return {
    /** Spread on `InstitutionFields` or `ProfileFields`. */
    fields: { countries: countryOptions(countries.data), countriesWaiting: countries.isLoading },
    failed: Boolean(countries.error),
  };
}
