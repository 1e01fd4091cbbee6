/**
 * What an overview reads in a visitor's own words: e-mail addresses (each candidate checked with the
 * contract's e-mail schema), phone numbers (libphonenumber-js, the institution's country as the
 * default, E.164 out) and a name the visitor gave ("my name is …", "me llamo …"). Conservative: a
 * contact that is not clearly there is not found.
 */
import { EmailSchema } from '@conversa/contract/fields';
import {
  type CountryCode,
  findPhoneNumbersInText,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import * as v from 'valibot';
import { fold } from '../knowledge';

/** Words only, folded and single-spaced, padded with a space each side (for whole-word lookups). */
const words = (text: string) =>
  ` ${fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;

/** True when `phrase` appears in `text` as whole words, ignoring case and accents. */
export function containsWords(text: string, phrase: string): boolean {
  const needle = words(phrase);
  return needle.trim() !== '' && words(text).includes(needle);
}

// Anything around an "@" up to a space or a bracket; the schema decides whether it is an address.
const EMAIL_CANDIDATE = /[^\s<>()[\]{},;:"'«»“”]+@[^\s<>()[\]{},;:"'«»“”]+/gu;

/** The e-mail address a token is, lower-cased, or null. */
export function emailOf(token: string): string | null {
  const result = v.safeParse(EmailSchema, token.replace(/[.,;:!?]+$/u, ''));
  return result.success ? result.output : null;
}

/** The e-mail addresses in a text, in order, without repeats. */
export function emailsIn(text: string): string[] {
  const found = [...text.matchAll(EMAIL_CANDIDATE)].map(([token]) => emailOf(token));
  return [...new Set(found.filter((email): email is string => email !== null))];
}

/** The country phone numbers without a prefix are read in, when libphonenumber-js knows it. */
function countryOf(country: string | null): CountryCode | undefined {
  const code = country?.toUpperCase();
  return code && isSupportedCountry(code) ? code : undefined;
}

/** The valid phone numbers in a text, as E.164, in order, without repeats. */
export function phonesIn(text: string, country: string | null): string[] {
  const found = findPhoneNumbersInText(text, { defaultCountry: countryOf(country) });
  return [...new Set(found.map((match) => match.number.number))];
}

/** A phone number as E.164 (read with the default country), or null when it is not valid. */
export function phoneOf(text: string, country: string | null): string | null {
  const number = parsePhoneNumberFromString(text, countryOf(country));
  return number?.isValid() ? number.number : null;
}

// What comes before a name the visitor gives. "I'm" and "soy" are common before other words
// ("I'm interested", "soy la madre de…"), so the words after must look like a name.
const NAME_INTRO = /\b(?:my name is|my name's|i am|i'm|i’m|this is|me llamo|mi nombre es|soy)\s+/giu;
const NAME = /^\p{Lu}[\p{Ll}'’-]*\p{Ll}(?:\s+\p{Lu}[\p{Ll}'’-]*\p{Ll}){0,2}/u;
/** Capitalised words that start sentences or describe someone rather than name them. */
const NOT_NAMES = new Set(
  `i a an the in from here interested looking writing calling not sorry also just so very new
  english spanish british american french german el la los las un una de del yo padre madre mama
  papa alumno alumna profesor profesora nuevo nueva interesado interesada espanol espanola ingles
  inglesa`.split(/\s+/u),
);

/** The name the visitor gives in a message, or null. */
export function nameIn(text: string): string | null {
  for (const intro of text.matchAll(NAME_INTRO)) {
    const name = NAME.exec(text.slice(intro.index + intro[0].length))?.[0];
    if (!name) continue;
    const parts = name.split(/\s+/u);
    // "I'm Sarah's mum" names the child, not the visitor.
    if (NOT_NAMES.has(fold(parts[0]!)) || parts.some((part) => /['’]s$/u.test(part))) continue;
    return name;
  }
  return null;
}
