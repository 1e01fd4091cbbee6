/**
 * Comparing a question's words with a passage's, beyond PostgreSQL's stemming: loosely (a
 * stem-like prefix, accents ignored) to pick which sentences to quote, and with one or two typing
 * errors for a word that no chunk holds as written ("Bedigo" for Bendigo, "ARPNET" for ARPANET).
 */
import { distance } from 'fastest-levenshtein';

/** Lowercase, without accents: "Admisión" and "admision" compare equal. */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The folded words of a text. */
export const foldedWords = (text: string): string[] => fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * True when `b` is a form of `a`: the same, an irregular form of it (FORM_GROUPS), or sharing a
 * stem-like prefix ("admisiones"/"admisión"). Both folded.
 */
export function sameWord(a: string, b: string): boolean {
  if (a === b || GROUP_OF.get(a)?.includes(b)) return true;
  const shorter = Math.min(a.length, b.length);
  // Short words only take a plural ending: "fee"/"fees", "bus"/"buses", never "bus"/"business".
  if (shorter < 4) {
    const [short, long] = a.length <= b.length ? [a, b] : [b, a];
    return long.startsWith(short) && /^e?s$/.test(long.slice(short.length));
  }
  // A word with figures is a name or a number: whole or nothing ("Internet2" is no "interés").
  if (Math.abs(a.length - b.length) > 4 || /\d/.test(a + b)) return false;
  const prefix = Math.min(5, shorter);
  return a.slice(0, prefix) === b.slice(0, prefix);
}

/**
 * Forms of one word that stemming and a shared prefix cannot join: irregular verbs and the nouns
 * made from them ("When did Tesla die?" and "after Tesla's death"; "¿Cuándo murió?" and "su
 * muerte"). Folded; no form that is another word in the other language (Spanish "sale", "goes
 * out", keeps English "sale" out of "sell"; "a medida que" keeps "medida" out of "medir").
 */
const FORM_GROUPS = [
  'die dies died dying death deaths dead',
  'born birth births',
  'buy buys bought buying',
  'sell sells sold selling',
  'build builds built building',
  'begin begins began begun beginning',
  'win wins won winning',
  'lose loses lost losing loss',
  'fight fights fought fighting',
  'teach teaches taught teaching',
  'morir muere mueren murio murieron muerte muertes muerto muertos muerta',
  'nacer nace nacen nacio nacieron nacimiento nacimientos',
  'elegir elige eligen eligio eligieron eleccion elecciones',
  'perder pierde pierden perdio perdieron perdida perdidas',
  'seguir sigue siguen siguio siguieron',
  'pedir pide piden pidio pidieron',
].map((group) => group.split(' '));

const GROUP_OF = new Map(FORM_GROUPS.flatMap((group) => group.map((form) => [form, group] as const)));

/** The other forms of a folded word (see FORM_GROUPS); none for most words. */
export const otherForms = (word: string): readonly string[] => GROUP_OF.get(word) ?? [];

/** Words shorter than this are never read as typing errors (too many near neighbours). */
const MIN_TYPO_LENGTH = 5;

/** `word` with the letters at `at` and `at + 1` swapped. */
const swapped = (word: string, at: number) =>
  word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);

/**
 * True when `b` is `a` with a typing error: one edit for words of five to seven letters, two from
 * eight, the first letter kept. Two neighbouring letters typed in the wrong order ("Zeria" for
 * Zeira) are one edit. Both folded.
 */
export function typoOf(a: string, b: string): boolean {
  if (a.length < MIN_TYPO_LENGTH || b.length < MIN_TYPO_LENGTH || a[0] !== b[0] || a === b) return false;
  const allowed = a.length >= 8 ? 2 : 1;
  if (Math.abs(a.length - b.length) > allowed) return false;
  if (distance(a, b) <= allowed) return true;
  for (let at = 1; at < a.length - 1; at += 1) {
    if (a[at] !== a[at + 1] && distance(swapped(a, at), b) < allowed) return true;
  }
  return false;
}
