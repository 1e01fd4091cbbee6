/**
 * The terms a ranker compares (docs/architecture.md#knowledge-and-answers): words lowercased, cut to
 * their Snowball stem in the text's language (the stemmers PostgreSQL's `spanish` and `english`
 * configurations use, as published by @orama/stemmers), then without accents. A text's terms keep
 * every word (its length counts); a question's leave out the stop words of either language
 * (@orama/stopwords, via `isStopword`): in a small knowledge base every word is about as rare as
 * any other, and "does" or "cuándo" would weigh as much as what the question is about.
 */
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { type DetectedLanguage, isStopword } from '../text/language';
import { fold } from '../text/words';

const WORD = /[\p{L}\p{N}]+/gu;
const STEMMERS: Record<DetectedLanguage, (word: string) => string> = { es: spanish, en: english };

/** The stemmed, folded terms of a text, in order (a language it cannot tell: folded words only). */
export function termsOf(text: string, language: DetectedLanguage | null): string[] {
  const words = text.toLowerCase().normalize('NFC').match(WORD) ?? [];
  const stem = language ? STEMMERS[language] : null;
  return words.map((word) => fold(stem && !/\d/.test(word) ? stem(word) : word));
}

/** The terms of a question: its words that are not stop words, stemmed and folded as `termsOf`'s. */
export function contentTermsOf(text: string, language: DetectedLanguage | null): string[] {
  const words = text.toLowerCase().normalize('NFC').match(WORD) ?? [];
  const stem = language ? STEMMERS[language] : null;
  return words
    .filter((word) => !isStopword(fold(word)))
    .map((word) => fold(stem && !/\d/.test(word) ? stem(word) : word));
}
