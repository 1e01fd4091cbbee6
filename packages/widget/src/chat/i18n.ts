/**
 * The chat's strings, through lingui like the console's: catalogs in `src/locales` (`pnpm extract`
 * writes the .po files and compiles them to TypeScript). Each chat has an i18n instance of its own,
 * so the widget never touches a global one (Storybook shares its page with the console's stories).
 */
import type { Locale } from '@conversa/contract/constants';
import { type I18n, setupI18n } from '@lingui/core';
import { messages as en } from '../locales/en/messages';
import { messages as es } from '../locales/es/messages';

/** An i18n instance showing `locale`. */
export function createChatI18n(locale: Locale): I18n {
  return setupI18n({ locale, messages: { en, es } });
}
