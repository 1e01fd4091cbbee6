/**
 * The terms a ranker compares (docs/architecture.md#knowledge-and-answers): words lowercased, cut to
 * their Snowball stem in the text's language (the stemmers PostgreSQL's `spanish` and `english`
 * configurations use, as published by @orama/stemmers), then without accents. No stop-word list:
 * the rankers weigh a word by how rare it is in the assistant's own knowledge, so "de" and "the"
 * weigh next to nothing there.
 */
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import type { DetectedLanguage } from '../text/language';
import { fold } from '../text/words';

const WORD = /[\p{L}\p{N}]+/gu;
const STEMMERS: Record<DetectedLanguage, (word: string) => string> = { es: spanish, en: english };

/** The stemmed, folded terms of a text, in order (a language it cannot tell: folded words only). */
export function termsOf(text: string, language: DetectedLanguage | null): string[] {
  const words = text.toLowerCase().normalize('NFC').match(WORD) ?? [];
  const stem = language ? STEMMERS[language] : null;
  return words.map((word) => fold(stem && !/\d/.test(word) ? stem(word) : word));
}
