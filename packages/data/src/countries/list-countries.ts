/** `GET country`: the ISO 3166 list, named in the UI's language. */
import * as routes from '@conversa/contract/routes/platform';
import { routeKey } from '../keys';
import type { Locale } from '@conversa/contract/constants';
import type { Country } from '@conversa/contract/country';
import type { CallOptions, DataClient } from '../client';
import { detectLocale } from '../locale';
import { useSession } from '../provider';
import { useCached } from '../cached';

/** Keyed by language: the names differ. */
export const countriesKey = (locale: Locale) => routeKey(routes.countries, undefined, locale);

/** Every country, in the session's language. */
export function listCountries(client: DataClient, options?: CallOptions): Promise<Country[]> {
  return client.endpoint(routes.countries, options);
}

/** Every country, in the session's language. */
export function useCountries() {
  const locale = useSession().locale ?? detectLocale();
  // The locale keys the entry; the call sends it itself (Accept-Language).
  return useCached([locale], countriesKey, (client, _locale, options) => listCountries(client, options));
}
