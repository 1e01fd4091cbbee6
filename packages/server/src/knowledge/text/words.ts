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
 * True when `b` is a form of `a`: the same, or sharing a stem-like prefix ("admisiones"/"admisión").
 * Both folded.
 */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const shorter = Math.min(a.length, b.length);
  // Short words only take a plural ending: "fee"/"fees", "bus"/"buses", never "bus"/"business".
  if (shorter < 4) {
    const [short, long] = a.length <= b.length ? [a, b] : [b, a];
    return long.startsWith(short) && /^e?s$/.test(long.slice(short.length));
  }
  if (Math.abs(a.length - b.length) > 4) return false;
  const prefix = Math.min(5, shorter);
  return a.slice(0, prefix) === b.slice(0, prefix);
}

/** Words shorter than this are never read as typing errors (too many near neighbours). */
const MIN_TYPO_LENGTH = 5;

/**
 * True when `b` is `a` with a typing error: one edit for words of five to seven letters, two from
 * eight, the first letter kept. Both folded.
 */
export function typoOf(a: string, b: string): boolean {
  if (a.length < MIN_TYPO_LENGTH || b.length < MIN_TYPO_LENGTH || a[0] !== b[0] || a === b) return false;
  const allowed = a.length >= 8 ? 2 : 1;
  return Math.abs(a.length - b.length) <= allowed && distance(a, b) <= allowed;
}
