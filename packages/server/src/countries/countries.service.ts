/** ISO 3166-1 countries with English and Spanish names (i18n-iso-countries); `id` is the numeric code. */
import type { Locale } from '@conversa/contract/constants';
import type { Country } from '@conversa/contract/country';
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };

countries.registerLocale(en);
countries.registerLocale(es);

const cache = new Map<Locale, Country[]>();

/** Every country, sorted by its name in the language. */
export function listCountries(locale: Locale): Country[] {
  let list = cache.get(locale);
  if (!list) {
    const names = countries.getNames(locale, { select: 'official' });
    const collator = new Intl.Collator(locale);
    list = Object.entries(names)
      .map(([code, name]) => ({ id: Number(countries.alpha2ToNumeric(code)), code, name }))
      .sort((a, b) => collator.compare(a.name, b.name));
    cache.set(locale, list);
  }
  return list;
}

/** True for an ISO alpha-2 code. */
export function isCountryCode(code: string): boolean {
  return countries.isValid(code);
}

/** `{code, name}` of a country in a language, or null. */
export function countryData(code: string | null, locale: Locale): { code: string; name: string } | null {
  if (!code) return null;
  const name = countries.getName(code, locale, { select: 'official' });
  return name ? { code, name } : null;
}
