/** Picks the request's language and fills message placeholders. */
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@conversa/contract/constants';
import { errorMessages, quotaMessages, successMessages, validationMessages } from './messages';

const catalogs = { ...validationMessages, ...errorMessages, ...quotaMessages, ...successMessages } as Record<
  string,
  Record<Locale, string>
>;

export type Params = Record<string, string | number>;

/** True when the code has a translation. */
export function isKnownCode(code: string): boolean {
  return code in catalogs;
}

/** The text of a code in a language, with `{name}` placeholders filled. Unknown codes fall back to `invalid_value`. */
export function translate(locale: Locale, code: string, params: Params = {}): string {
  const entry = catalogs[code] ?? validationMessages.invalid_value;
  return entry[locale].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The best of `en`/`es` for an Accept-Language header (q-values honoured), English by default. */
export function pickLocale(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { lang } of ranked) {
    if ((LOCALES as readonly string[]).includes(lang)) return lang as Locale;
  }
  return DEFAULT_LOCALE;
}
