/**
 * What the learned ranker knows of a sentence as an answer to a question (docs/architecture.md#knowledge-and-answers):
 * its place in two BM25 rankings (sentences, paragraphs) and in PostgreSQL's full-text ranking of
 * passages, how much of the question's weight it and its neighbours hold, and whether it holds the
 * kind of thing the question asks for. Every feature is a number of about 0..1; the weights that
 * combine them are chosen on held-out folds (bench/answer-folds.ts).
 */
import { sentencesOf } from '../text/sentences';
import { answerTypeOf, holdsAnswerType } from '../answer/answer-type';
import { MIN_CHUNKS_FOR_UNKNOWN } from '../retrieval';
import type { DetectedLanguage } from '../text/language';
import type { SentenceIndex } from './sentence-index';
import { contentTermsOf } from './terms';

/** The names of the features, in the order of a vector (and of the weights). */
export const FEATURES = [
  'bias',
  'coverage',
  'previousCoverage',
  'nextCoverage',
  'scoreShare',
  'sentenceRank',
  'passageRank',
  'passageSupport',
  'answerType',
  'nextAnswerType',
  'length',
  'score',
  'opensParagraph',
  'paragraphScoreShare',
  'paragraphRank',
  'paragraphCoverage',
  'windowCoverage',
  'paragraphTermShare',
  'paragraphHoldsRarest',
  'semanticShare',
  'semanticRank',
  'headingCoverage',
] as const;

/** The sentences the BM25 ranking brings at most, before the passages' and paragraphs'. */
const TOP_SENTENCES = 40;
/** The best paragraphs whose sentences holding a question term are candidates too. */
const TOP_PARAGRAPHS = 3;
/** The best sentences whose neighbours are candidates too (the answer often follows). */
const NEIGHBOURED = 10;
/** Reciprocal-rank constants (Cormack, Clarke and Büttcher 2009 use 60 for long lists). */
const SENTENCE_RANK_K = 60;
const PARAGRAPH_RANK_K = 5;
/** The chunks nearest the question's meaning whose sentences are candidates too (with embeddings). */
const TOP_SEMANTIC_CHUNKS = 3;
const SEMANTIC_RANK_K = 5;

/** A passage PostgreSQL's full-text search found, best first: its text and support (0..1). */
export interface FoundPassage {
  text: string;
  support: number;
}

export interface Candidate {
  sentence: number;
  features: number[];
}

/** The question as the ranker reads it. */
export interface RankQuestion {
  text: string;
  language: DetectedLanguage | null;
}

/** The question's distinct terms. */
export const questionTerms = (question: RankQuestion) => [
  ...new Set(contentTermsOf(question.text, question.language)),
];

/**
 * The share of the question's weight that no sentence of the knowledge holds: a question mostly
 * about things the knowledge never mentions is likely about something else.
 */
export function unknownShare(index: SentenceIndex, terms: readonly string[]): number {
  // In a small knowledge base a word's absence says little (it is mostly paraphrase).
  if (index.byChunk.length < MIN_CHUNKS_FOR_UNKNOWN) return 0;
  let unknown = 0;
  let whole = 0;
  for (const term of terms) {
    const weight = index.bySentence.idf(term);
    whole += weight;
    if (!index.bySentence.knows(term)) unknown += weight;
  }
  return whole > 0 ? unknown / whole : 0;
}

/** What the gate reads of the question itself, beside its best candidate (QUESTION_FEATURES). */
export const QUESTION_FEATURES = ['unknownShare', 'unknownTerms', 'rarestKnownRarity'] as const;

/**
 * The question's features for the gate: the share of its weight the knowledge never mentions, how
 * many of its terms it never mentions (0..1, three or more count as 1), and how rare in the
 * knowledge its rarest known term is (its IDF over that of a term one sentence holds): a question
 * whose every known term is common is likely about something else.
 */
export function questionFeatures(index: SentenceIndex, terms: readonly string[]): number[] {
  const share = unknownShare(index, terms);
  const small = index.byChunk.length < MIN_CHUNKS_FOR_UNKNOWN;
  const unknown = small ? 0 : terms.filter((term) => !index.bySentence.knows(term)).length;
  const known = terms.filter((term) => index.bySentence.knows(term));
  const rarest = Math.max(0, ...known.map((term) => index.bySentence.idf(term)));
  const rarestPossible = index.bySentence.idf('');
  return [share, Math.min(unknown, 3) / 3, rarestPossible > 0 ? rarest / rarestPossible : 0];
}

/**
 * The candidate sentences for a question, each with its features. `semantic`, with an embeddings
 * model: each indexed chunk's cosine with the question (its sentences then take their best chunk's).
 */
export function candidates(
  index: SentenceIndex,
  question: RankQuestion,
  passages: readonly FoundPassage[],
  semantic: ArrayLike<number> | null = null,
): Candidate[] {
  const terms = questionTerms(question);
  if ((terms.length === 0 && !semantic) || index.sentences.length === 0) return [];
  const { sentences, bySentence, byParagraph } = index;
  const ranked = bySentence.ranked(terms);
  const best = ranked.documents.length > 0 ? ranked.score(ranked.documents[0]!) : 0;
  const paragraphs = byParagraph.ranked(terms);
  const bestParagraph = paragraphs.documents.length > 0 ? paragraphs.score(paragraphs.documents[0]!) : 0;

  const found = new Map<number, { rank: number; support: number }>();
  for (const [at, passage] of passages.entries()) {
    // A passage is one of the chunks indexed, whose sentences are known; else its text is read.
    const chunk = index.chunkOf(passage.text);
    const ids =
      chunk !== undefined
        ? index.byChunk[chunk]!
        : sentencesOf(passage.text, question.language ?? 'en').map((sentence) => index.find(sentence.text));
    for (const id of ids) {
      if (id !== undefined && !found.has(id)) found.set(id, { rank: at + 1, support: passage.support });
    }
  }
  const chosen = new Set<number>([...ranked.documents.slice(0, TOP_SENTENCES), ...found.keys()]);
  for (const sentence of ranked.documents.slice(0, NEIGHBOURED)) {
    const { previous, next } = sentences[sentence]!;
    if (previous >= 0) chosen.add(previous);
    if (next >= 0) chosen.add(next);
  }
  const nearest = semantic
    ? Array.from({ length: semantic.length }, (_, chunk) => chunk).sort(
        (a, b) => semantic[b]! - semantic[a]! || a - b,
      )
    : [];
  const chunkRank = new Map(nearest.map((chunk, at) => [chunk, at + 1]));
  const closest = semantic && nearest.length > 0 ? semantic[nearest[0]!]! : 0;
  for (const chunk of nearest.slice(0, TOP_SEMANTIC_CHUNKS))
    for (const sentence of index.byChunk[chunk] ?? []) chosen.add(sentence);
  // The matching sentences of the best paragraphs.
  for (const paragraph of paragraphs.documents.slice(0, TOP_PARAGRAPHS)) {
    for (const sentence of index.paragraphs[paragraph]!) if (ranked.score(sentence) > 0) chosen.add(sentence);
  }

  // The question's rarest term the knowledge holds: a passage about the question's subject holds it.
  const rarest = terms
    .filter((term) => bySentence.knows(term))
    .reduce<string | null>(
      (best, term) => (best === null || bySentence.idf(term) > bySentence.idf(best) ? term : best),
      null,
    );
  const type = answerTypeOf(question.text);
  const typed = (sentence: number) =>
    sentence >= 0 && !!type && holdsAnswerType(sentences[sentence]!.text, type, question.text);
  const coverage = (sentence: number) => (sentence >= 0 ? bySentence.coverage(terms, sentence) : 0);
  // A heading is never the answer: its words are the context of the sentences under it.
  return [...chosen]
    .filter((sentence) => !sentences[sentence]!.heading)
    .map((sentence) => {
      const { text, previous, next, paragraph, chunks, under } = sentences[sentence]!;
      const bestChunk = semantic
        ? chunks.reduce((best, chunk) => (semantic[chunk]! > semantic[best]! ? chunk : best), chunks[0]!)
        : -1;
      const own = coverage(sentence);
      const before = coverage(previous);
      const passage = found.get(sentence);
      const raw = ranked.score(sentence);
      return {
        sentence,
        features: [
          1,
          own,
          Math.max(before - own, 0),
          Math.max(coverage(next) - own, 0),
          best > 0 ? raw / best : 0,
          SENTENCE_RANK_K / (SENTENCE_RANK_K + ranked.place(sentence)),
          passage ? 1 / passage.rank : 0,
          passage?.support ?? 0,
          typed(sentence) ? 1 : 0,
          typed(next) ? 1 : 0,
          Math.log1p(text.length) / 6,
          Math.log1p(raw) / 3,
          previous < 0 ? 1 : 0,
          bestParagraph > 0 ? paragraphs.score(paragraph) / bestParagraph : 0,
          PARAGRAPH_RANK_K / (PARAGRAPH_RANK_K + paragraphs.place(paragraph)),
          byParagraph.coverage(terms, paragraph),
          own > 0 && previous >= 0 ? Math.min(1, own + before) : own,
          terms.length > 0
            ? terms.filter((term) => byParagraph.holds(term, paragraph)).length / terms.length
            : 0,
          rarest !== null && byParagraph.holds(rarest, paragraph) ? 1 : 0,
          semantic && closest > 0 ? Math.max(semantic[bestChunk]!, 0) / closest : 0,
          semantic ? SEMANTIC_RANK_K / (SEMANTIC_RANK_K + chunkRank.get(bestChunk)!) : 0,
          under >= 0 ? Math.max(coverage(under) - own, 0) : 0,
        ],
      };
    });
}
