/**
 * The learned ranker's use (docs/architecture.md#knowledge-and-answers): a linear score per
 * candidate sentence (FEATURES × weights), read as a probability over the candidates (softmax);
 * the answer quotes the best sentences until they hold `mass` of it. The gate is a logistic model
 * over the best candidate and the question: the probability that the knowledge answers the
 * question; under `threshold` the assistant says it does not know. Both are fitted by
 * bench/answer-folds.ts on three folds of the dev set and stored in ranker-model.json.
 */
import { type Candidate, FEATURES, QUESTION_FEATURES } from './features';

export interface RankerModel {
  features: readonly string[];
  weights: readonly number[];
  /** The share of the candidates' probability the quoted sentences hold before the answer stops. */
  mass: number;
  /** The characters of the best sentences a language model is given (the last may pass it). */
  modelChars: number;
  gate: { features: readonly string[]; weights: readonly number[]; threshold: number };
}

/** A candidate with its score and probability among the question's candidates. */
export interface Scored extends Candidate {
  score: number;
  probability: number;
}

export const GATE_FEATURES = [
  'bias',
  'bestScore',
  'bestProbability',
  'bestCoverage',
  'bestPassageSupport',
  'bestParagraphCoverage',
  'bestWindowCoverage',
  'bestRawScore',
  'maxCoverage',
  'maxParagraphCoverage',
  'bestParagraphTermShare',
  'bestParagraphHoldsRarest',
  'maxParagraphTermShare',
  ...QUESTION_FEATURES,
] as const;

const at = (name: (typeof FEATURES)[number]) => FEATURES.indexOf(name);
const dot = (weights: readonly number[], values: readonly number[]) =>
  values.reduce((sum, value, index) => sum + value * (weights[index] ?? 0), 0);

/** Candidates best first, with their probabilities (they sum to 1). */
export function scoreCandidates(
  model: Pick<RankerModel, 'weights'>,
  candidates: readonly Candidate[],
): Scored[] {
  const scored = candidates.map((candidate) => ({
    ...candidate,
    score: dot(model.weights, candidate.features),
    probability: 0,
  }));
  scored.sort((a, b) => b.score - a.score || a.sentence - b.sentence);
  const top = scored[0]?.score ?? 0;
  const whole = scored.reduce((sum, entry) => sum + Math.exp(entry.score - top), 0);
  for (const entry of scored) entry.probability = Math.exp(entry.score - top) / whole;
  return scored;
}

/** What the gate reads of a question's scored candidates (GATE_FEATURES). */
export function gateFeatures(scored: readonly Scored[], question: readonly number[]): number[] {
  const best = scored[0];
  if (!best) return [1, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ...question];
  const most = (feature: (typeof FEATURES)[number]) =>
    Math.max(...scored.map((entry) => entry.features[at(feature)]!));
  return [
    1,
    best.score / 10,
    best.probability,
    best.features[at('coverage')]!,
    best.features[at('passageSupport')]!,
    best.features[at('paragraphCoverage')]!,
    best.features[at('windowCoverage')]!,
    best.features[at('score')]!,
    most('coverage'),
    most('paragraphCoverage'),
    best.features[at('paragraphTermShare')]!,
    best.features[at('paragraphHoldsRarest')]!,
    most('paragraphTermShare'),
    ...question,
  ];
}

/** The gate's probability that the knowledge answers the question. */
export function answerProbability(model: Pick<RankerModel, 'gate'>, features: readonly number[]): number {
  return 1 / (1 + Math.exp(-dot(model.gate.weights, features)));
}

/**
 * The sentences to quote, best first: until they hold `mass` of the probability, at most
 * `maxSentences`, within `maxChars` (the best always, whole).
 */
export function chooseSentences<T extends { probability: number }>(
  scored: readonly T[],
  length: (entry: T) => number,
  { mass, maxSentences, maxChars }: { mass: number; maxSentences: number; maxChars: number },
): T[] {
  const chosen: T[] = [];
  let held = 0;
  let room = maxChars;
  for (const entry of scored) {
    if (held >= mass || chosen.length === maxSentences) break;
    if (chosen.length > 0 && length(entry) > room) continue;
    chosen.push(entry);
    held += entry.probability;
    room -= length(entry);
  }
  return chosen;
}

/**
 * What to give a language model: the best sentences until they hold `chars` characters (the last
 * whole), grouped by paragraph, the paragraphs in the order of their best sentence and each one's
 * sentences in reading order (`best`: its best sentence). A model reads each sentence in its
 * paragraph's context, and the room goes to the sentences the ranker believes in rather than to
 * their paragraphs' other sentences.
 */
export function choosePassages(
  scored: readonly { sentence: number }[],
  sentences: {
    paragraphOf: (sentence: number) => number;
    length: (sentence: number) => number;
  },
  chars: number,
): { paragraph: number; best: number; sentences: number[] }[] {
  const chosen: { paragraph: number; best: number; sentences: number[] }[] = [];
  let held = 0;
  for (const { sentence } of scored) {
    if (held >= chars) break;
    const paragraph = sentences.paragraphOf(sentence);
    const group = chosen.find((entry) => entry.paragraph === paragraph);
    if (group) group.sentences.push(sentence);
    else chosen.push({ paragraph, best: sentence, sentences: [sentence] });
    held += sentences.length(sentence);
  }
  for (const group of chosen) group.sentences.sort((a, b) => a - b);
  return chosen;
}
