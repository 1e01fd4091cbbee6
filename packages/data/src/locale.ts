/** The UI language: the session's, else the first supported browser language, else English (docs/product.md#who-it-is-for). */
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@conversa/contract/constants';

/** True for `en` and `es`. */
export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}

/** The first browser language we support (`es-MX` counts as `es`), else English. */
export function detectLocale(languages?: readonly string[]): Locale {
  const list =
    languages ?? (typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
  for (const language of list) {
    const base = language?.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}
