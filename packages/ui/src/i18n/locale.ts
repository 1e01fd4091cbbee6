/** Which language the console speaks, and switching it (lingui, docs/product.md#who-it-is-for: es or en, English fallback). */
import { DEFAULT_LOCALE, type Locale, LOCALES } from '@conversa/contract/constants';
import { i18n, type Messages } from '@lingui/core';

const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en/messages.po'),
  es: () => import('../locales/es/messages.po'),
};

/** True for a supported locale code. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first browser language we speak (`es-MX` counts as `es`), else English. */
export function detectLocale(languages: readonly string[] = globalThis.navigator?.languages ?? []): Locale {
  for (const tag of languages) {
    const lang = tag.toLowerCase().split('-')[0];
    if (isLocale(lang)) return lang;
  }
  return DEFAULT_LOCALE;
}

/** Loads the ui catalog of a locale and makes it the active one (also on `<html lang>`). */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await catalogs[locale]();
  i18n.load(locale, messages);
  i18n.activate(locale);
  if (globalThis.document) document.documentElement.lang = locale;
}

export { i18n };
