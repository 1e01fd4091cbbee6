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
