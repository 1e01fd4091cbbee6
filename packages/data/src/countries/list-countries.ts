/** `GET country`: the ISO 3166 list, named in the UI's language. */
import * as routes from '@conversa/contract/routes/platform';
import { routeKey } from '../keys';
import type { Locale } from '@conversa/contract/constants';
import type { Country } from '@conversa/contract/country';
import useSWR from 'swr';
import type { CallOptions, DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { detectLocale } from '../locale';
import { useDataClient, useSession } from '../provider';

/** Keyed by language: the names differ. */
export const countriesKey = (locale: Locale) => routeKey(routes.countries, undefined, locale);

/** Every country, in the session's language. */
export function listCountries(client: DataClient, options?: CallOptions): Promise<Country[]> {
  return client.endpoint(routes.countries, options);
}

/** Every country, in the session's language. */
export function useCountries() {
  const client = useDataClient();
  const locale = useSession().locale ?? detectLocale();
  return useSWR<Country[], ApiRequestError>(countriesKey(locale), () =>
    listCountries(client, { report: false }),
  );
}
