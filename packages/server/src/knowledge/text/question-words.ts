/**
 * Reading a question for retrieval: its content words (no function words of either language) and
 * the names it writes with a capital.
 */
import { isStopword } from './language';

/** Content words of a question used at most (a pasted paragraph is not a question). */
const MAX_WORDS = 12;

const WORD = /[\p{L}\p{N}]+/gu;
const MARKUP_TAG = /<\/?[a-z][^<>]*>/g;

/** The words of a question written with a capital other than its first: names, lowercased. */
export function namesIn(question: string): Set<string> {
  const names = new Set<string>();
  for (const [index, [word]] of [...question.normalize('NFKC').matchAll(WORD)].entries()) {
    if (index > 0 && /^\p{Lu}/u.test(word)) names.add(word.toLowerCase());
  }
  return names;
}

/** The distinct content words of a question, lowercased: no function words, no single letters. */
export function contentWords(question: string): string[] {
  const words = new Set<string>();
  // Markup tags are no words: PostgreSQL's parser skips them in passages too.
  const text = question.toLowerCase().normalize('NFKC').replace(MARKUP_TAG, ' ');
  for (const [word] of text.matchAll(WORD)) {
    if ((word.length < 2 && !/\d/.test(word)) || isStopword(word)) continue;
    words.add(word);
    if (words.size === MAX_WORDS) break;
  }
  return [...words];
}
