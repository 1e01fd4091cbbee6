/**
 * The extractive answer (no LLM configured, or the LLM failed before saying anything): the
 * sentences of the best passages that hold the question's words, under a short preface, with their
 * sources. A strong FAQ match answers with the FAQ's own answer.
 */
import type { Source } from '@conversa/contract/chat';
import type { Locale } from '@conversa/contract/constants';
import { MAX_UNKNOWN, MIN_SUPPORT, type Passage, type Retrieval } from '../retrieval';
import { answerTypeOf, holdsAnswerType } from './answer-type';
import { phrase } from './phrases';
import { fold, foldedWords, sameWord, typoOf } from '../text/words';

/** Characters of quoted text at most (the best sentence is quoted whole, however long). */
const MAX_QUOTED = 700;

export interface DraftAnswer {
  text: string;
  sources: Source[];
}

/**
 * The passages good enough to answer from: the strong FAQ alone, else those with enough support,
 * none when the question is mostly about what the knowledge never mentions.
 */
export function supportingPassages({ words, weights, unknown, passages }: Retrieval): Passage[] {
  if (passages[0]?.strong) return [passages[0]];
  const whole = weights.reduce((sum, weight) => sum + weight, 0);
  const missing = words.reduce((sum, word, index) => sum + (unknown.includes(word) ? weights[index]! : 0), 0);
  if (whole > 0 && missing / whole > MAX_UNKNOWN) return [];
  return passages.filter((passage) => passage.support >= MIN_SUPPORT);
}

/** The question's (folded) words a sentence holds, as forms of them or with a typing error. */
function wordsIn(sentence: string, words: string[]): Set<string> {
  const tokens = foldedWords(sentence);
  return new Set(
    words.filter((word) => tokens.some((token) => sameWord(token, word) || typoOf(word, token))),
  );
}

interface Sentence {
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

/** The whole sentences of a passage, line by line: a first sentence cut at its start is left out. */
export function sentencesOf(text: string, locale: Locale, passage = 0): Sentence[] {
  const segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' });
  const out: Sentence[] = [];
  for (const [line, lineText] of text.split('\n').entries()) {
    for (const sentence of lineSentences(segmenter, lineText)) {
      if (out.length === 0 && line === 0 && !SENTENCE_START.test(sentence)) continue;
      out.push({ text: sentence, passage, order: out.length, line });
    }
  }
  return out;
}

const sourceKey = (source: Source) => `${source.kind}:${source.file_id ?? ''}:${source.title ?? ''}`;

/** The distinct sources of passages, in order. */
export function sourcesOf(passages: Passage[]): Source[] {
  const seen = new Map<string, Source>();
  for (const { source } of passages) if (!seen.has(sourceKey(source))) seen.set(sourceKey(source), source);
  return [...seen.values()];
}

/** What the answer is looked for with: the question, its content words and their weights. */
export interface AnswerQuery {
  question: string;
  words: string[];
  /** `wordWeight` of each word (rare words weigh more). */
  weights: number[];
}

/** How much a sentence's own share of the question's weight counts, against its passage's. */
const PASSAGE_SHARE = 0.3;
/** Added to a sentence holding the kind of answer the question asks for (a year for a "when"). */
const TYPE_BONUS = 0.25;
/**
 * How much the question's words held by the sentence before (in the same paragraph) and not by the
 * sentence itself count: a sentence goes on from the one before ("Tesla patented it. The patents
 * made him rich.", and Spanish often leaves the subject out: "Gracias a sus patentes, consiguió…").
 */
const CARRIED_SHARE = 0.4;
/**
 * The share of the best sentence's score given to the sentence right after it (same paragraph)
 * when that one holds the kind of answer asked for and the best does not: the answer often follows
 * the sentence that repeats the question ("When was the library opened?": "The library was opened
 * by the mayor. That was in 1998."). Enough to come second.
 */
const NEXT_SHARE = 0.8;
/**
 * Sentences quoted at most, and the share of the best sentence's score each one after it needs:
 * the second half of it, the third nearly as much; when the best already holds the kind of answer
 * asked for, the second needs nearly as much too. A sentence that adds little is left out, so the answer is as
 * short as it can be while the answer is still likely in it (chosen on the two halves of the
 * answer-quality dev set's articles, both languages).
 */
const MAX_SENTENCES = 3;
const NEEDED_SHARE = [0, 0.5, 0.9];
const NEEDED_SHARE_TYPED = [0, 0.8, 0.9];

/**
 * The extractive answer from supporting passages (see `supportingPassages`), in `locale`; null when
 * there are none. Every sentence of the passages is scored by the weight of the question's words it
 * holds (and, less, of those the sentence before holds), its passage's support, and whether it holds
 * the kind of answer asked for; the best one
 * leads, then up to two more that score close enough to it (NEEDED_SHARE; the sentence after the
 * best is lifted by NEXT_SHARE when only it holds that kind of answer), each whole, within
 * MAX_QUOTED characters.
 */
export function extractiveAnswer(
  supporting: Passage[],
  query: AnswerQuery,
  locale: Locale,
): DraftAnswer | null {
  const [first] = supporting;
  if (!first) return null;
  if (first.strong) return { text: first.text, sources: [first.source] };

  const folded = query.words.map(fold);
  const whole = query.weights.reduce((sum, weight) => sum + weight, 0) || 1;
  const type = answerTypeOf(query.question);
  const seen = new Set<string>();
  const weightOf = (held: Set<string>, except = new Set<string>()) =>
    folded.reduce((sum, word, i) => sum + (held.has(word) && !except.has(word) ? query.weights[i]! : 0), 0);
  const typedOf = (sentence: Sentence) => !!type && holdsAnswerType(sentence.text, type, query.question);
  const passageSentences = supporting.map((passage, index) => sentencesOf(passage.text, locale, index));
  const scored = passageSentences.flatMap((sentences, index) => {
    const held = sentences.map((sentence) => wordsIn(sentence.text, folded));
    return sentences.flatMap((sentence, at) => {
      if (seen.has(sentence.text)) return [];
      seen.add(sentence.text);
      const weight = weightOf(held[at]!);
      if (weight === 0) return [];
      const before = at > 0 && sentences[at - 1]!.line === sentence.line ? held[at - 1]! : new Set<string>();
      const carried = weightOf(before, held[at]);
      const typed = typedOf(sentence);
      const score =
        (weight + CARRIED_SHARE * carried) / whole +
        PASSAGE_SHARE * supporting[index]!.support +
        (typed ? TYPE_BONUS : 0);
      return [{ sentence, score, typed }];
    });
  });
  const byScore = (a: (typeof scored)[number], b: (typeof scored)[number]) =>
    b.score - a.score || a.sentence.passage - b.sentence.passage || a.sentence.order - b.sentence.order;
  scored.sort(byScore);
  const head = scored[0];
  if (head && type && !head.typed) {
    const { passage, order, line } = head.sentence;
    const next = passageSentences[passage]![order + 1];
    if (next && next.line === line && typedOf(next)) {
      const entry = scored.find((candidate) => candidate.sentence.text === next.text);
      const score = Math.max(entry?.score ?? 0, NEXT_SHARE * head.score);
      if (entry) entry.score = score;
      else scored.push({ sentence: next, score, typed: true });
      scored.sort(byScore);
    }
  }

  const chosen: Sentence[] = [];
  let room = MAX_QUOTED;
  const best = scored[0]?.score ?? 0;
  const needed = scored[0]?.typed ? NEEDED_SHARE_TYPED : NEEDED_SHARE;
  for (const { sentence, score } of scored) {
    if (chosen.length === MAX_SENTENCES || score < needed[chosen.length]! * best) break;
    // The best always goes in, whole; the others when they fit.
    if (chosen.length > 0 && sentence.text.length > room) continue;
    chosen.push(sentence);
    room -= sentence.text.length;
  }
  // PostgreSQL's stemming can match forms the sentence reader does not see ("ran"/"run"): the best
  // passage's first sentence then.
  if (chosen.length === 0) {
    const opening = sentencesOf(first.text, locale)[0];
    if (!opening) return null;
    chosen.push(opening);
  }
  const used = [...new Set(chosen.map((sentence) => sentence.passage))].map((index) => supporting[index]!);
  return {
    text: `${phrase(locale, 'found')}\n\n${chosen.map((sentence) => sentence.text).join('\n\n')}`,
    sources: sourcesOf(used),
  };
}
