/**
 * The extractive answer (no LLM configured, or the LLM failed before saying anything): the
 * sentences of the best passages that hold the question's words, under a short preface, with their
 * sources. A strong FAQ match answers with the FAQ's own answer.
 */
import type { Source } from '@conversa/contract/chat';
import type { Locale } from '@conversa/contract/constants';
import { neededHits, type Passage } from '../retrieval';
import { phrase } from './phrases';

/** Passages quoted at most. */
const MAX_PASSAGES = 3;
/** Characters of quoted text at most, all passages together. */
const MAX_QUOTED = 700;
/** A single quoted sentence longer than this is cut at a word. */
const MAX_SENTENCE = 400;

export interface DraftAnswer {
  text: string;
  sources: Source[];
}

/** The passages good enough to answer from: the strong FAQ alone, else those holding enough words. */
export function supportingPassages(passages: Passage[], words: string[]): Passage[] {
  if (passages[0]?.strong) return [passages[0]];
  const needed = neededHits(words.length);
  return passages.filter((passage) => passage.hits >= needed);
}

/** Lowercase, without accents: "Admisión" and "admision" compare equal. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * True when a word of the text is a form of a question word: the same, or sharing a stem-like
 * prefix ("admisiones"/"admisión"). PostgreSQL stemmed the search; this only picks
 * which sentences to quote.
 */
function sameWord(a: string, b: string): boolean {
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

/** The question's (folded) words a sentence holds. */
function wordsIn(sentence: string, words: string[]): Set<string> {
  const tokens = fold(sentence).match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(words.filter((word) => tokens.some((token) => sameWord(token, word))));
}

/** A sentence cut to `max` characters at a word boundary. */
function clip(sentence: string, max: number): string {
  if (sentence.length <= max) return sentence;
  const cut = sentence.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

interface Sentence {
  text: string;
  /** The line it is on: a neighbour on another line is another paragraph or list item. */
  line: number;
  words: Set<string>;
}

/** The sentences of a passage, line by line, with the (folded) question words each holds. */
function sentencesOf(text: string, folded: string[], locale: Locale): Sentence[] {
  const segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' });
  return text.split('\n').flatMap((lineText, line) =>
    [...segmenter.segment(lineText)]
      .map((s) => s.segment.trim())
      .filter(Boolean)
      .map((sentence) => ({ text: sentence, line, words: wordsIn(sentence, folded) })),
  );
}

/** A quote from a passage and how many of the question's words it holds. */
export interface Excerpt {
  text: string;
  hits: number;
  /** The sentences quoted (overlapping passages repeat sentences; each is quoted once). */
  sentences: string[];
}

/**
 * The best quote of a passage: the sentence, or the sentence and the next on its line, holding
 * the most question words; null when no sentence holds one. `skip` are sentences already quoted.
 */
export function excerpt(
  text: string,
  words: string[],
  locale: Locale,
  budget: number,
  skip: ReadonlySet<string> = new Set(),
): Excerpt | null {
  const sentences = sentencesOf(text, words.map(fold), locale).filter((sentence) => !skip.has(sentence.text));
  let best: { from: number; to: number; hits: number } | null = null;
  for (const [index, sentence] of sentences.entries()) {
    if (sentence.words.size === 0) continue;
    const windows = [{ from: index, to: index, hits: sentence.words.size }];
    const next = sentences[index + 1];
    // The next sentence joins when it adds words, or when this one introduces it ("Fees:").
    if (next && next.line === sentence.line) {
      const both = new Set([...sentence.words, ...next.words]).size;
      if (both > sentence.words.size || sentence.text.endsWith(':')) {
        windows.push({ from: index, to: index + 1, hits: both });
      }
    }
    // More words win; on a tie, the shorter quote.
    for (const window of windows) {
      if (
        !best ||
        window.hits > best.hits ||
        (window.hits === best.hits && window.to - window.from < best.to - best.from)
      ) {
        best = window;
      }
    }
  }
  if (!best) return null;
  const { from, to, hits } = best;
  const max = Math.min(budget, MAX_SENTENCE);
  const chosen = sentences.slice(from, to + 1).map((sentence) => sentence.text);
  const joined = chosen.join(' ');
  return { text: joined.length <= max ? joined : clip(chosen[0]!, max), hits, sentences: chosen };
}

const sourceKey = (source: Source) => `${source.kind}:${source.file_id ?? ''}:${source.title ?? ''}`;

/** The distinct sources of passages, in order. */
export function sourcesOf(passages: Passage[]): Source[] {
  const seen = new Map<string, Source>();
  for (const { source } of passages) if (!seen.has(sourceKey(source))) seen.set(sourceKey(source), source);
  return [...seen.values()];
}

/**
 * The extractive answer from supporting passages (see `supportingPassages`), in `locale`; null when
 * there are none. Quotes holding fewer question words than the best one are left out.
 */
export function extractiveAnswer(supporting: Passage[], words: string[], locale: Locale): DraftAnswer | null {
  const [first] = supporting;
  if (!first) return null;
  if (first.strong) return { text: first.text, sources: [first.source] };

  const quoted = new Set<string>();
  const found: { excerpt: Excerpt; passage: Passage }[] = [];
  for (const passage of supporting.slice(0, MAX_PASSAGES)) {
    const quote = excerpt(passage.text, words, locale, MAX_QUOTED, quoted);
    if (!quote) continue;
    for (const sentence of quote.sentences) quoted.add(sentence);
    found.push({ excerpt: quote, passage });
  }
  // PostgreSQL's stemming can match forms the quote picker does not see ("ran"/"run"): quote the
  // best passage's opening then.
  if (found.length === 0) {
    const opening = clip(first.text.trim(), MAX_SENTENCE);
    found.push({ excerpt: { text: opening, hits: 0, sentences: [opening] }, passage: first });
  }
  const top = Math.max(...found.map(({ excerpt }) => excerpt.hits));
  const best = found.filter(({ excerpt }) => excerpt.hits === top);

  const quotes: string[] = [];
  const used: Passage[] = [];
  let room = MAX_QUOTED;
  for (const { excerpt: quote, passage } of best) {
    // The first always fits (a quote is at most MAX_SENTENCE).
    if (quote.text.length > room) break;
    quotes.push(quote.text);
    used.push(passage);
    room -= quote.text.length;
  }
  return { text: `${phrase(locale, 'found')}\n\n${quotes.join('\n\n')}`, sources: sourcesOf(used) };
}
