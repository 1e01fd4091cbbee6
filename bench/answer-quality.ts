// Answer quality against docs/architecture.md#budgets, on the protocol of shared/fixtures/qa
// (its README): per language, an assistant trained on 18 XQuAD articles as six TXT files, every
// question asked by a new visitor through the public chat API of the built server (PGlite,
// extractive), scored with the BM25 peer of the same run beside it. Writes its section of
// RESULTS.md with a sample of misses, and the figures of the regression subset that `npm test`
// guards (packages/server/src/knowledge/answer/quality-baseline.json).
// Run with `node --import tsx bench/answer-quality.ts` (npm run bench does).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { type LlmPeer, startLlmPeer } from '../packages/server/src/testing/llm-peer';
import {
  type QaFigures,
  type QaLanguage,
  type QaOutcome,
  QA_GUARD_STEP,
  QA_MODEL_GUARD_STEP,
  loadQaSet,
  type QaModelFigures,
  type QaSet,
  qaFigures,
  qaModelFigures,
  qaSubset,
  runQa,
  trainAssistant,
} from '../packages/server/src/testing/qa-protocol';
import { machine, writeSection } from './lib/results.mjs';
import { api, root, signUpAdmin, startServer } from './lib/server.mjs';

/** docs/architecture.md#budgets, per language. */
const GOAL = { right: 85, overPeer: 8, abstained: 90, wrongHandoffs: 5 };
/**
 * With a model (the local test peer): the gold paragraph among the passages it is sent, as often as
 * extractive answers are right; abstaining as often, and always before the model is asked.
 */
const MODEL_GOAL = { goldParagraph: 90, abstained: 90 };
const LANGUAGES: QaLanguage[] = ['es', 'en'];
const MISSES_SHOWN = 8;
const BASELINE = path.join(root, 'packages/server/src/knowledge/answer/quality-baseline.json');

const verdicts = (f: QaFigures) => ({
  right: f.right >= GOAL.right,
  overPeer: f.right - f.peer >= GOAL.overPeer,
  abstained: f.abstained >= GOAL.abstained,
  wrongHandoffs: f.wrongHandoffs <= GOAL.wrongHandoffs,
});

/** A cell of the misses table: one line, pipes escaped, cut at `chars`. */
const cell = (text: string, chars = 140) => {
  const flat = text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
  return flat.length > chars ? `${flat.slice(0, chars)}…` : flat;
};

/** Trains an assistant per language on a new built server and asks every question; with `model`, the server's LLM is that peer. */
async function measure(model?: LlmPeer) {
  // TRUST_PROXY=1: each question comes from its own visitor address (X-Forwarded-For), as real visitors do.
  const env = model ? { LLM_BASE_URL: model.url, LLM_MODEL: 'qa-test-peer' } : {};
  const server = await startServer(undefined, { TRUST_PROXY: '1', ...env });
  const runs: { language: QaLanguage; set: QaSet; outcomes: QaOutcome[] }[] = [];
  try {
    const token = await signUpAdmin(server);
    for (const language of LANGUAGES) {
      const set = loadQaSet(language);
      const institutionId = (
        await api(server.url, 'POST', '/institution', {
          token,
          body: { name: `QA school ${language}`, kind: 'school', country: language === 'es' ? 'ES' : 'GB' },
        })
      ).id as number;
      const [assistant] = (await api(server.url, 'GET', `/institution/${institutionId}/product`, {
        token,
      })) as { id: number }[];
      const target = { base: server.url, token, institutionId, assistantId: assistant!.id };
      const trainStart = performance.now();
      await trainAssistant(target, set);
      console.log(
        `${language}${model ? ' (model)' : ''}: ${set.files.length} files ready in ${Math.round(performance.now() - trainStart)} ms`,
      );
      runs.push({ language, set, outcomes: await runQa(target, set, set.questions, model) });
    }
  } finally {
    await server.stop();
  }
  return runs;
}

const all = (await measure()).map(({ language, set, outcomes }) => {
  const figures = qaFigures(language, outcomes);
  const subset = new Set(qaSubset(set, QA_GUARD_STEP).map((question) => question.id));
  const guard = qaFigures(
    language,
    outcomes.filter((outcome) => subset.has(outcome.question.id)),
  );
  console.log(language, figures);
  return { figures, guard, outcomes };
});
const peer = await startLlmPeer();
const withModel = await measure(peer).finally(() => peer.close());
const modelFigures = withModel.map(({ language, outcomes }) => qaModelFigures(language, outcomes));
const modelGuards = withModel.map(({ language, set, outcomes }) => {
  const subset = new Set(qaSubset(set, QA_MODEL_GUARD_STEP).map((question) => question.id));
  return qaModelFigures(
    language,
    outcomes.filter((outcome) => subset.has(outcome.question.id)),
  );
});
for (const figures of modelFigures) console.log(`${figures.language} (model)`, figures);

const modelVerdicts = (f: QaModelFigures) => ({
  goldParagraph: f.goldParagraph >= MODEL_GOAL.goldParagraph,
  abstained: f.abstained >= MODEL_GOAL.abstained,
  handoffsAfterModel: f.handoffsAfterModel === 0,
});
const pct = (n: number) => `${n.toFixed(1)}%`;
const yes = (ok: boolean) => (ok ? 'met' : '**not met**');
const rows = all.map(({ figures: f }) => {
  const v = verdicts(f);
  return `| ${f.language} | ${f.answerable} | ${pct(f.right)} (${yes(v.right)}) | ${pct(f.peer)} | ${(f.right - f.peer).toFixed(1)} points (${yes(v.overPeer)}) | ${f.unanswerable} | ${pct(f.abstained)} (${yes(v.abstained)}) | ${pct(f.wrongHandoffs)} (${yes(v.wrongHandoffs)}) | ${f.p50Ms} / ${f.p95Ms} |`;
});
const modelRows = modelFigures.map((f) => {
  const v = modelVerdicts(f);
  return `| ${f.language} | ${f.answerable} | ${pct(f.goldParagraph)} (${yes(v.goldParagraph)}) | ${pct(f.goldAnswer)} | ${pct(f.notAsked)} | ${f.unanswerable} | ${pct(f.abstained)} (${yes(v.abstained)}) | ${f.handoffsAfterModel} (${yes(v.handoffsAfterModel)}) |`;
});
const misses = all.flatMap(({ figures, outcomes }) => {
  const wrong = outcomes.filter((outcome) => !outcome.correct);
  // A spread over the run, not the first few of one article.
  const step = Math.max(1, Math.floor(wrong.length / MISSES_SHOWN));
  return wrong
    .filter((_, index) => index % step === 0)
    .slice(0, MISSES_SHOWN)
    .map(
      (outcome) =>
        `| ${figures.language} | ${cell(outcome.question.question, 80)} | ${cell(outcome.question.answerable ? outcome.question.golds[0]! : '(not uploaded)', 40)} | ${outcome.answer.handoff ? 'handoff' : cell(outcome.answer.text)} |`,
    );
});

writeSection(
  'answer-quality',
  `## Answer quality (bench/answer-quality.ts)

The protocol of \`shared/fixtures/qa\` (XQuAD dev half, 578 questions per language): an assistant
trained on 18 articles as six TXT files, each question asked by a new visitor through the public chat
API of the built server (PGlite, extractive answers, no model), scored as the README says. The BM25
peer (k1 1.2, b 0.75, no stemming) answers from the same sentences with as many of its top sentences
as fit in the product's answer to that question (the median answer length when the product
abstained). Latency is from sending the question to the end of the streamed answer, over HTTP.

Machine: ${machine()}.

| language | answerable | right (goal >= ${GOAL.right}%) | BM25 peer | over the peer (goal >= ${GOAL.overPeer}) | unanswerable | abstained (goal >= ${GOAL.abstained}%) | wrong handoffs (goal <= ${GOAL.wrongHandoffs}%) | p50 / p95 ms |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

A sample of misses (answerable: the gold answer and what was said; unanswerable: answered anyway):

| language | question | gold | answer |
|---|---|---|---|
${misses.join('\n')}

With a model: the same protocol on a server whose \`LLM_*\` point to a local OpenAI-compatible test
peer (\`packages/server/src/testing/llm-peer.ts\`, streaming server-sent events), which records the
passages each question sends it. "Gold paragraph sent": one of the passages comes from the paragraph
the question was written on (one of its sentences is in it); "gold answer sent": a passage holds a
gold answer. The model is never asked when nothing supports an answer: those questions get the
honest text and the handoff, as without a model.

| language | answerable | gold paragraph sent (goal >= ${MODEL_GOAL.goldParagraph}%) | gold answer sent | not sent to the model | unanswerable | abstained, model not asked (goal >= ${MODEL_GOAL.abstained}%) | handoffs after asking the model (goal 0) |
|---|---|---|---|---|---|---|---|
${modelRows.join('\n')}

The regression guard in \`npm test\` asks every ${QA_GUARD_STEP}th question of this run on the in-process server
and fails when it drops more than 3 points below these subset figures:
${all.map(({ guard: g }) => `${g.language} ${pct(g.right)} right, ${pct(g.abstained)} abstained`).join('; ')}. With the
test peer it asks every ${QA_MODEL_GUARD_STEP}th question and checks the same way:
${modelGuards.map((m) => `${m.language} gold paragraph sent ${pct(m.goldParagraph)}, ${pct(m.abstained)} abstained`).join('; ')}; and
never a handoff after asking the model.`,
);
writeFileSync(
  BASELINE,
  `${JSON.stringify(
    Object.fromEntries(
      all.map(({ guard: g }, index) => {
        const m = modelGuards[index]!;
        return [
          g.language,
          {
            right: g.right,
            abstained: g.abstained,
            model: { goldParagraph: m.goldParagraph, abstained: m.abstained },
          },
        ];
      }),
    ),
    null,
    2,
  )}\n`,
);
const unmet = [
  ...all
    .filter(({ figures }) => Object.values(verdicts(figures)).some((ok) => !ok))
    .map(({ figures }) => figures.language),
  ...modelFigures
    .filter((figures) => Object.values(modelVerdicts(figures)).some((ok) => !ok))
    .map((figures) => `${figures.language} with a model`),
];
if (unmet.length > 0) {
  console.log(`answer quality goals not met for: ${unmet.join(', ')}`);
  process.exitCode = 1;
}
