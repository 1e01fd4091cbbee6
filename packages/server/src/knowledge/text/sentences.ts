/**
 * A text's whole sentences (docs/architecture.md#knowledge-and-answers): the units the ranker
 * scores and the extractive answer quotes. Lines are read apart (a line is a paragraph or a list
 * item), the locale's sentence segmenter splits them, and its breaks after initials and
 * abbreviations are mended; a passage's first sentence cut at its start (chunks overlap) is left out.
 */
import type { Locale } from '@conversa/contract/constants';

export interface Sentence {
  text: string;
  /** The passage it comes from (its index among those quoted from) and its place in it. */
  passage: number;
  order: number;
  /** The line it is on: a neighbour on another line is another paragraph or list item. */
  line: number;
}

/** A letter that starts a sentence; a passage opening on anything else starts inside one (the overlap of chunks). */
const SENTENCE_START = /^[\p{Lu}\p{N}¿¡"“«'‘([*•\-–]/u;

/**
 * A piece ending on an initial or an abbreviation in capitals ("William E.", "EE.", "U.S."): the
 * segmenter's break after it ends no sentence.
 */
const ABBREVIATION_END = /(?:^|[\s(.])\p{Lu}{1,2}\.$/u;
/** A piece opening in lower case, maybe after a bracket or quote, goes on from the one before ("aprox. tres", "etc. (y"). */
const GOES_ON = /^[("'“«‘]*\p{Ll}/u;

/** The sentences of one line, never cut inside: the segmenter's breaks after abbreviations are mended. */
function lineSentences(segmenter: Intl.Segmenter, lineText: string): string[] {
  const out: string[] = [];
  for (const { segment } of segmenter.segment(lineText)) {
    const piece = segment.trim();
    if (!piece) continue;
    const previous = out.at(-1);
    if (previous !== undefined && (ABBREVIATION_END.test(previous) || GOES_ON.test(piece))) {
      out[out.length - 1] = `${previous} ${piece}`;
    } else {
      out.push(piece);
    }
  }
  return out;
}

/** One segmenter per locale: making one costs more than segmenting a passage. */
const segmenters: Partial<Record<Locale, Intl.Segmenter>> = {};

/** The whole sentences of a passage, line by line: a first sentence cut at its start is left out. */
export function sentencesOf(text: string, locale: Locale, passage = 0): Sentence[] {
  const segmenter =
    segmenters[locale] ?? (segmenters[locale] = new Intl.Segmenter(locale, { granularity: 'sentence' }));
  const out: Sentence[] = [];
  for (const [line, lineText] of text.split('\n').entries()) {
    for (const sentence of lineSentences(segmenter, lineText)) {
      if (out.length === 0 && line === 0 && !SENTENCE_START.test(sentence)) continue;
      out.push({ text: sentence, passage, order: out.length, line });
    }
  }
  return out;
}
