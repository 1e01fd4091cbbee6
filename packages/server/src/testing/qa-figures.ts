/**
 * The figures of the answer-quality protocol (qa-protocol.ts): per run, per fold and per language,
 * extractive (right, the BM25 peer, abstained, wrong handoffs, latency) and with a model (the gold
 * answer and paragraph among the passages sent, the peer given as many characters, the retrieval's
 * time). Read by the regression guard in `npm test` and by bench/answer-quality.ts and answer-folds.ts.
 */
import type { QaLanguage, QaOutcome } from './qa-protocol';
import { containsGold, normalizeAnswer } from './qa-scoring';

/** The figures of one language's run. */
export interface QaFigures {
  language: QaLanguage;
  answerable: number;
  /** Percentages, one decimal. */
  right: number;
  peer: number;
  unanswerable: number;
  abstained: number;
  /** Answerable questions handed off instead of answered. */
  wrongHandoffs: number;
  /** From sending a question to the end of its answer, less an embeddings peer's own time (`QaOutcome.peerMs`). */
  p50Ms: number;
  p95Ms: number;
}

/** The `q` quantile of some times, whole milliseconds (0 of none). */
function quantile(times: readonly number[], q: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((1000 * part) / whole) / 10);

/** The run's figures. */
export function qaFigures(language: QaLanguage, outcomes: readonly QaOutcome[]): QaFigures {
  const answerable = outcomes.filter((outcome) => outcome.question.answerable);
  const unanswerable = outcomes.filter((outcome) => !outcome.question.answerable);
  const times = outcomes.map((outcome) => outcome.answer.ms - (outcome.peerMs ?? 0));
  return {
    language,
    answerable: answerable.length,
    right: percent(answerable.filter((outcome) => outcome.correct).length, answerable.length),
    peer: percent(answerable.filter((outcome) => outcome.peerCorrect).length, answerable.length),
    unanswerable: unanswerable.length,
    abstained: percent(unanswerable.filter((outcome) => outcome.correct).length, unanswerable.length),
    wrongHandoffs: percent(answerable.filter((outcome) => outcome.answer.handoff).length, answerable.length),
    p50Ms: quantile(times, 0.5),
    p95Ms: quantile(times, 0.95),
  };
}

/** Whether a passage comes from the paragraph: one of its sentences (20 characters or more, normalised) is in it. */
export function fromParagraph(passage: string, paragraph: string, language: QaLanguage): boolean {
  const text = normalizeAnswer(paragraph);
  const segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
  return [...segmenter.segment(passage)].some((part) => {
    const sentence = normalizeAnswer(part.segment);
    return sentence.length >= 20 && text.includes(sentence);
  });
}

/** The figures of a run with a model: what it was given, and when it was not asked. */
export interface QaModelFigures {
  language: QaLanguage;
  answerable: number;
  /** Percentages, one decimal: answerable questions whose gold paragraph was among the passages sent. */
  goldParagraph: number;
  /** … whose passages held a gold answer. */
  goldAnswer: number;
  /** … for which the BM25 peer, given as many characters, held one. */
  peerGoldAnswer: number;
  /** … the model was not asked (handed off instead). */
  notAsked: number;
  unanswerable: number;
  /** Unanswerable questions abstained (handoff, no sources) without asking the model. */
  abstained: number;
  /** Answers that offered the handoff after the model was asked (should be none: abstaining comes first). */
  handoffsAfterModel: number;
  /** The retrieval part of the questions the model was asked (`QaOutcome.retrievalMs`), ms. */
  retrievalP50Ms: number;
  retrievalP95Ms: number;
}

export function qaModelFigures(language: QaLanguage, outcomes: readonly QaOutcome[]): QaModelFigures {
  const answerable = outcomes.filter((outcome) => outcome.question.answerable);
  const unanswerable = outcomes.filter((outcome) => !outcome.question.answerable);
  const sent = (outcome: QaOutcome) => outcome.model ?? [];
  const retrieval = outcomes.flatMap((outcome) =>
    outcome.retrievalMs === undefined ? [] : [outcome.retrievalMs],
  );
  return {
    language,
    answerable: answerable.length,
    goldParagraph: percent(
      answerable.filter((outcome) =>
        sent(outcome).some((passage) => fromParagraph(passage, outcome.question.context, language)),
      ).length,
      answerable.length,
    ),
    goldAnswer: percent(
      answerable.filter((outcome) => containsGold(sent(outcome).join('\n'), outcome.question.golds)).length,
      answerable.length,
    ),
    peerGoldAnswer: percent(
      answerable.filter((outcome) => outcome.modelPeerCorrect).length,
      answerable.length,
    ),
    notAsked: percent(answerable.filter((outcome) => !outcome.model).length, answerable.length),
    unanswerable: unanswerable.length,
    abstained: percent(
      unanswerable.filter((outcome) => outcome.correct && !outcome.model).length,
      unanswerable.length,
    ),
    handoffsAfterModel: outcomes.filter((outcome) => outcome.answer.handoff && outcome.model).length,
    retrievalP50Ms: quantile(retrieval, 0.5),
    retrievalP95Ms: quantile(retrieval, 0.95),
  };
}
