/**
 * The assistant's own words, in English and Spanish: what it says around the passages it found,
 * when it found nothing, and the instructions of the generative prompt. The `Catalog` type makes a
 * missing translation a compile error (as in i18n/messages.ts).
 */
import type { Locale } from '@conversa/contract/constants';

type Catalog<K extends string> = Record<K, Record<Locale, string>>;

export const phrases = {
  found: { en: 'Here is what I found:', es: 'Esto es lo que encontré:' },
  notFound: {
    en: 'I could not find that in my information.',
    es: 'No encontré eso en mi información.',
  },
  offerHandoff: {
    en: 'A person from the team can help you with it:',
    es: 'Una persona del equipo puede ayudarte con ello:',
  },
  askAgain: {
    en: 'Try asking in other words, or about another topic.',
    es: 'Prueba a preguntarlo con otras palabras o sobre otro tema.',
  },
  /** The answer's language as named in the generative prompt (which is in English). */
  languageName: { en: 'English', es: 'Spanish' },
} satisfies Catalog<string>;

export type Phrase = keyof typeof phrases;

/** A phrase in a language. */
export function phrase(locale: Locale, key: Phrase): string {
  return phrases[key][locale];
}
