/**
 * The answer the learned ranker gives (docs/architecture.md#knowledge-and-answers): the question's
 * candidate sentences (features.ts) scored by the shipped model (ranker-model.json, fitted by
 * bench/answer-folds.ts on three folds of the dev set), the gate's probability that the knowledge
 * answers it, the sentences to quote, and the chunks to give a language model.
 */
import type { SemanticHit } from '../embeddings/vector-index';
import type { DetectedLanguage } from '../text/language';
import { candidates, type FoundPassage, questionFeatures, questionTerms } from './features';
import type { KnowledgeIndex } from './knowledge-index';
import type { SentenceIndex } from './sentence-index';
import {
  answerProbability,
  choosePassages,
  chooseSentences,
  gateFeatures,
  type RankerModel,
  scoreCandidates,
  type Scored,
} from './model';
import shipped from './ranker-model.json' with { type: 'json' };

/** Sentences quoted at most, and their characters (the best is quoted whole, however long). */
export const ANSWER_SENTENCES = 3;
export const ANSWER_CHARS = 700;

/** The model without embeddings, and the one that also reads each chunk's cosine with the question. */
export const RANKER_MODELS: { words: RankerModel; embeddings: RankerModel } = shipped;

export interface RankedAnswer {
  /** The candidates, best first, with their probabilities. */
  scored: Scored[];
  /** The gate's probability that the knowledge answers the question, and its verdict. */
  probability: number;
  /** The least probability it answers at (the gate's threshold). */
  threshold: number;
  answers: boolean;
  /** The sentences to quote (indexes in the knowledge index), best first; none when it does not answer. */
  quoted: number[];
  /**
   * What to give a language model, best first: the best sentences within the model's characters,
   * by paragraph (no text twice, as overlapping chunks would give it), each with the chunk of its
   * paragraph's best sentence.
   */
  forModel: { text: string; chunk: number }[];
}

/** Each indexed chunk's cosine with the question, from the semantic hits (0 for the chunks not hit). */
export function semanticScores(index: KnowledgeIndex, hits: readonly SemanticHit[]): Float32Array {
  const at = new Map(index.chunks.map((chunk, position) => [`${chunk.owner}:${chunk.id}`, position]));
  const scores = new Float32Array(index.chunks.length);
  for (const hit of hits) {
    const position = at.get(`${hit.kind}:${hit.id}`);
    if (position !== undefined) scores[position] = Math.max(hit.score, 0);
  }
  return scores;
}

/** The ranker's answer to a question from an assistant's knowledge. */
export function rankedAnswer(
  index: KnowledgeIndex,
  question: { text: string; language: DetectedLanguage | null },
  passages: readonly FoundPassage[],
  semantic: ArrayLike<number> | null,
): RankedAnswer {
  const model = semantic ? RANKER_MODELS.embeddings : RANKER_MODELS.words;
  const scored = scoreCandidates(model, candidates(index, question, passages, semantic));
  const probability = answerProbability(
    model,
    gateFeatures(scored, questionFeatures(index, questionTerms(question))),
  );
  const quoted = chooseSentences(scored, (entry) => index.sentences[entry.sentence]!.text.length, {
    mass: model.mass,
    maxSentences: ANSWER_SENTENCES,
    maxChars: ANSWER_CHARS,
  }).map((entry) => entry.sentence);
  const answers = probability >= model.gate.threshold && quoted.length > 0;
  const forModel = answers ? modelPassages(index, scored, model.modelChars) : [];
  const threshold = model.gate.threshold;
  return { scored, probability, threshold, answers, quoted: answers ? quoted : [], forModel };
}

/**
 * The passages for a language model (choosePassages): each paragraph's chosen sentences in reading
 * order, an ellipsis where the paragraph's sentences between them are left out.
 */
export function modelPassages(
  index: Pick<SentenceIndex, 'sentences'>,
  scored: readonly { sentence: number }[],
  chars: number,
): { text: string; chunk: number }[] {
  return choosePassages(
    scored,
    {
      paragraphOf: (sentence) => index.sentences[sentence]!.paragraph,
      length: (sentence) => index.sentences[sentence]!.text.length,
    },
    chars,
  ).map(({ best, sentences }) => ({
    text: sentences
      .map((sentence, at) => {
        const text = index.sentences[sentence]!.text;
        return at > 0 && sentence > sentences[at - 1]! + 1 ? `… ${text}` : text;
      })
      .join(' '),
    chunk: index.sentences[best]!.chunks[0]!,
  }));
}
