// The fold study of issue 30 (docs/architecture.md#knowledge-and-answers): the dev half of
// shared/fixtures/qa split by article into four folds (qa-protocol.ts: article i in fold i mod 4, so
// each holds 4 or 5 uploaded articles and 1 or 2 that never are). Per language, the set's six TXT files are
// indexed with the server's own chunker and `replaceChunks` on PGlite, in-process
// (lib/fold-questions.ts), and every question is asked of
//   - the learned ranker (knowledge/rank): PostgreSQL's passages and two BM25 rankings fused by
//     weights fitted on the other three folds (both languages), its answer length and its
//     answer-or-abstain gate chosen there too,
//   - the BM25 peer of the protocol, given each answer's length.
// Each fold is reported having chosen nothing on it. The model fitted on folds other than GUARD_FOLD is
// written to packages/server/src/knowledge/rank/ranker-model.json.
// Run with `node --import tsx answer-folds.ts` from bench/ (where tsx is installed). PREPARED=<file> keeps
// what was asked (each question's candidates and features, the index's sentences) in that file, and a
// later run given the same file fits and reports from it without indexing and asking again (a study of
// the fitting or of the gate then takes a minute, not six).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { phrase } from '../packages/server/src/knowledge/answer/phrases';
import { FEATURES } from '../packages/server/src/knowledge/rank/features';
import {
  answerProbability,
  chooseSentences,
  GATE_FEATURES,
  gateFeatures,
  type RankerModel,
  scoreCandidates,
} from '../packages/server/src/knowledge/rank/model';
import {
  ANSWER_CHARS,
  ANSWER_SENTENCES,
  modelPassages,
} from '../packages/server/src/knowledge/rank/ranked-answer';
import {
  type QaFigures,
  qaFigures,
  type QaModelFigures,
  qaModelFigures,
} from '../packages/server/src/testing/qa-figures';
import {
  QA_FOLDS,
  QA_GUARD_FOLD,
  type QaLanguage,
  scoreQa,
} from '../packages/server/src/testing/qa-protocol';
import { fitGate, fitRanker } from './lib/fit';
import { type Asked, askStudies, type Language } from './lib/fold-questions';
import { machine, writeSection } from './lib/results.mjs';
import { root } from './lib/server.mjs';

const LANGUAGES: QaLanguage[] = ['es', 'en'];
const FOLDS = QA_FOLDS;
/** The fold no parameter of the shipped model is chosen on: the guard in `npm test` asks it. */
const GUARD_FOLD = QA_GUARD_FOLD;
/** Abstention the gate's threshold is set for on the folds it is fitted on (the goal is 90%). */
const ABSTAIN_TARGET = Number(process.env.ABSTAIN_TARGET ?? 0.92);
/** Candidate answer lengths, as the probability the quoted sentences must hold. */
const MASSES = [0.6, 0.7, 0.8, 0.9, 0.95];
/**
 * Candidate characters of the best sentences given to a model: from a little under an extractive
 * answer's room (ANSWER_CHARS) to about three SQuAD paragraphs.
 */
const MODEL_CHARS = [600, 900, 1200, 1500, 1800, 2400];
/** The goals on the worst fold (docs/architecture.md#budgets). */
const GOAL = { right: 85, overPeer: 5, abstained: 90, wrongHandoffs: 5 };
const MODEL_GOAL = { goldAnswer: 95, overPeer: 5, abstained: 90 };
/** The gate also learns from uploaded articles left out in turn (HELD_OUT=0 turns it off, to compare). */
const HELD_OUT = process.env.HELD_OUT !== '0';
/** Whether those questions also set the gate's threshold, or only the never-uploaded ones do. */
const CALIBRATE_ON_HELD_OUT = process.env.CALIBRATE_ON_HELD_OUT !== '0';
const ANSWER = { maxSentences: ANSWER_SENTENCES, maxChars: ANSWER_CHARS };
const MODEL = path.join(root, 'packages/server/src/knowledge/rank/ranker-model.json');

/** The fused answer's text (as the product would write it) and whether the gate lets it through. */
function fusedAnswer(lang: Language, asked: Asked, model: RankerModel) {
  const scored = scoreCandidates(model, asked.candidates);
  const answers = answerProbability(model, gateFeatures(scored, asked.unknown)) >= model.gate.threshold;
  const chosen = chooseSentences(scored, (entry) => lang.index.sentences[entry.sentence]!.text.length, {
    mass: model.mass,
    ...ANSWER,
  });
  const text = `${phrase(lang.language, 'found')}\n\n${chosen.map((entry) => lang.index.sentences[entry.sentence]!.text).join('\n\n')}`;
  const given = modelPassages(lang.index, scored, model.modelChars).map((passage) => passage.text);
  return { answers: answers && chosen.length > 0, text, given };
}

/** A fold's model-path figures: the passages a model would be given, against the peer given as many characters. */
function modelFigures(lang: Language, asked: readonly Asked[], model: RankerModel): QaModelFigures {
  const made = asked.map((entry) => fusedAnswer(lang, entry, model));
  return qaModelFigures(
    lang.language,
    scoreQa(
      lang.set,
      asked.map((entry) => entry.question),
      made.map((given) => ({
        text: given.text,
        sources: given.answers ? 1 : 0,
        handoff: !given.answers,
        ms: 0,
        sentAt: 0,
      })),
      made.map((given) => (given.answers ? given.given : null)),
    ),
  );
}

/** A fold's figures as the protocol scores them (the peer given each answer's length). */
function figures(
  lang: Language,
  asked: readonly Asked[],
  answer: (asked: Asked) => { answers: boolean; text: string },
): QaFigures {
  const answers = asked.map((entry) => {
    const given = answer(entry);
    return { text: given.text, sources: given.answers ? 1 : 0, handoff: !given.answers, ms: 0, sentAt: 0 };
  });
  return qaFigures(
    lang.language,
    scoreQa(
      lang.set,
      asked.map((entry) => entry.question),
      answers,
    ),
  );
}

/** The ranker, its answer length and its gate, fitted on the questions of `folds` (both languages). */
function fit(languages: readonly Language[], folds: readonly number[]): RankerModel {
  const lists = languages.flatMap((lang) =>
    lang.asked
      .filter((entry) => folds.includes(entry.fold) && entry.question.answerable)
      .map((entry) => ({
        rows: entry.candidates.map((candidate) => candidate.features),
        labels: entry.labels,
      })),
  );
  const weights = fitRanker(lists);
  const inFolds = (lang: Language) => lang.asked.filter((entry) => folds.includes(entry.fold));
  // The answer length: the mass whose answers come nearest the goals (85% right, 5 points over the
  // peer: the worse of the two margins) on these folds, summed over the languages.
  let mass = MASSES[0]!;
  let bestMargin = Number.NEGATIVE_INFINITY;
  for (const candidate of MASSES) {
    const model: RankerModel = {
      features: FEATURES,
      weights,
      mass: candidate,
      modelChars: MODEL_CHARS.at(-1)!,
      gate: { features: GATE_FEATURES, weights: [], threshold: 0 },
    };
    const margin = languages
      .map((lang) =>
        figures(
          lang,
          inFolds(lang).filter((entry) => entry.question.answerable),
          (entry) => fusedAnswer(lang, entry, model),
        ),
      )
      .reduce((sum, f) => sum + Math.min(f.right - GOAL.right, f.right - f.peer - GOAL.overPeer), 0);
    if (margin > bestMargin) {
      bestMargin = margin;
      mass = candidate;
    }
  }
  const gateRows = languages.flatMap((lang) => [
    ...inFolds(lang).map((entry) => ({
      features: gateFeatures(scoreCandidates({ weights }, entry.candidates), entry.unknown),
      answerable: entry.question.answerable,
    })),
    ...(HELD_OUT
      ? lang.heldOut
          .filter((entry) => folds.includes(entry.fold))
          .map((entry) => ({
            features: gateFeatures(scoreCandidates({ weights }, entry.candidates), entry.unknown),
            answerable: false,
            calibrate: CALIBRATE_ON_HELD_OUT,
          }))
      : []),
  ]);
  const gate = fitGate(gateRows, ABSTAIN_TARGET);
  // What a model is given: the characters whose passages come nearest the model path's goals (the
  // gold answer sent for 95%, 5 points over the peer given as many characters) on these folds.
  let modelChars = MODEL_CHARS[0]!;
  let bestModelMargin = Number.NEGATIVE_INFINITY;
  for (const chars of MODEL_CHARS) {
    const model: RankerModel = {
      features: FEATURES,
      weights,
      mass,
      modelChars: chars,
      gate: { features: GATE_FEATURES, ...gate },
    };
    const margin = languages
      .map((lang) => modelFigures(lang, inFolds(lang), model))
      .reduce(
        (sum, f) =>
          sum +
          Math.min(
            f.goldAnswer - MODEL_GOAL.goldAnswer,
            f.goldAnswer - f.peerGoldAnswer - MODEL_GOAL.overPeer,
          ),
        0,
      );
    if (margin > bestModelMargin) {
      bestModelMargin = margin;
      modelChars = chars;
    }
  }
  return { features: FEATURES, weights, mass, modelChars, gate: { features: GATE_FEATURES, ...gate } };
}

const studies = await askStudies(LANGUAGES);

const pct = (n: number) => `${n.toFixed(1)}%`;
const rows: string[] = [];
const modelRows: string[] = [];
const row = (fold: number, language: string, name: string, f: QaFigures) =>
  rows.push(
    `| ${fold} | ${language} | ${name} | ${f.answerable} | ${pct(f.right)} | ${pct(f.peer)} | ${(f.right - f.peer).toFixed(1)} | ${f.unanswerable} | ${pct(f.abstained)} | ${pct(f.wrongHandoffs)} |`,
  );
for (let fold = 0; fold < FOLDS; fold += 1) {
  const others = [0, 1, 2, 3].filter((other) => other !== fold);
  const models = studies.map((study) => fit(study.languages, others));
  for (const [at, language] of LANGUAGES.entries()) {
    for (const [index, study] of studies.entries()) {
      const own = study.languages[at]!;
      const model = models[index]!;
      const held = own.asked.filter((entry) => entry.fold === fold);
      row(
        fold,
        language,
        `learned, ${study.name} (mass ${model.mass})`,
        figures(own, held, (entry) => fusedAnswer(own, entry, model)),
      );
      const m = modelFigures(own, held, model);
      modelRows.push(
        `| ${fold} | ${language} | ${study.name} (${model.modelChars} characters) | ${m.answerable} | ${pct(m.goldAnswer)} | ${pct(m.peerGoldAnswer)} | ${(m.goldAnswer - m.peerGoldAnswer).toFixed(1)} | ${pct(m.notAsked)} | ${m.unanswerable} | ${pct(m.abstained)} |`,
      );
    }
  }
}
const table = `| fold | language | answers | answerable | right | BM25 peer | over the peer | unanswerable | abstained | wrong handoffs |\n|---|---|---|---|---|---|---|---|---|---|\n${rows.join('\n')}`;
const modelTable = `| fold | language | ranker | answerable | gold answer in the passages given | BM25 peer, as many characters | over the peer | not given to the model | unanswerable | abstained without the model |\n|---|---|---|---|---|---|---|---|---|---|\n${modelRows.join('\n')}`;
console.log(table);
console.log(modelTable);
const shipped = Object.fromEntries(
  studies.map((study) => [
    study.name,
    fit(
      study.languages,
      [0, 1, 2, 3].filter((fold) => fold !== GUARD_FOLD),
    ),
  ]),
);
// Formatted as the repository's other files are (prettier), so the file diffs line by line.
writeFileSync(
  MODEL,
  await format(JSON.stringify({ guardFold: GUARD_FOLD, ...shipped }), {
    ...(await resolveConfig(MODEL)),
    filepath: MODEL,
  }),
);
writeSection(
  'answer-folds',
  `## Answer quality by fold (bench/answer-folds.ts)

${new Date().toISOString().slice(0, 10)}, ${machine()}. The dev half of \`shared/fixtures/qa\` split by article into
four folds (article *i* in fold *i* mod 4); per language the set's six TXT files indexed in-process with the
server's chunker and \`replaceChunks\` (PGlite), every question asked in-process. "learned" is the ranker of \`knowledge/rank\` (what the chat answers with): its
weights, its answer length (mass) and its gate fitted on the other three folds, both languages, then
asked the fold; by words only, and with the local embeddings peer (hashed character n-grams: no model
weights can be had here) adding each chunk's cosine with the question. The gate also learns from each
uploaded article left out of the knowledge in turn, its questions asked again (unanswerable then). The BM25 peer gets each answer's length. Goals on the worst fold: >= ${GOAL.right}% right,
>= ${GOAL.overPeer} points over the peer, >= ${GOAL.abstained}% of unanswerable questions abstained, <= ${GOAL.wrongHandoffs}% of answerable ones handed off.

${table}

The model path (goals: the gold answer in what is given for >= ${MODEL_GOAL.goldAnswer}% of answerable questions, >= ${MODEL_GOAL.overPeer} points over
the BM25 peer given as many characters, >= ${MODEL_GOAL.abstained}% of unanswerable questions answered without a model call): the same
ranker gives a model its best sentences up to a number of characters (chosen on the other three folds too),
grouped by paragraph in reading order.

${modelTable}

The models fitted on folds other than ${GUARD_FOLD} (words only, and with embeddings) are \`packages/server/src/knowledge/rank/ranker-model.json\`.`,
);
