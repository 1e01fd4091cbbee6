// Answer quality against docs/architecture.md#budgets, on the protocol of shared/fixtures/qa
// (its README): per language, an assistant trained on 18 XQuAD articles as six TXT files, every
// question asked by a new visitor through the public chat API of the built server (PGlite,
// extractive), scored with the BM25 peer of the same run beside it. Writes its section of
// RESULTS.md with a sample of misses, and the figures of the regression subset that `npm test`
// guards (packages/server/src/knowledge/answer/quality-baseline.json).
// Run with `node --import tsx bench/answer-quality.ts` (npm run bench does).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  type QaFigures,
  type QaLanguage,
  type QaOutcome,
  QA_GUARD_STEP,
  loadQaSet,
  qaFigures,
  qaSubset,
  runQa,
  trainAssistant,
} from '../packages/server/src/testing/qa-protocol';
import { machine, writeSection } from './lib/results.mjs';
import { api, root, signUpAdmin, startServer } from './lib/server.mjs';

/** docs/architecture.md#budgets, per language. */
const GOAL = { right: 85, overPeer: 8, abstained: 90, wrongHandoffs: 5 };
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

// TRUST_PROXY=1: each question comes from its own visitor address (X-Forwarded-For), as real visitors do.
const server = await startServer(undefined, { TRUST_PROXY: '1' });
const all: { figures: QaFigures; guard: QaFigures; outcomes: QaOutcome[] }[] = [];
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
    })) as {
      id: number;
    }[];
    const target = { base: server.url, token, institutionId, assistantId: assistant!.id };
    const trainStart = performance.now();
    await trainAssistant(target, set);
    console.log(
      `${language}: ${set.files.length} files ready in ${Math.round(performance.now() - trainStart)} ms`,
    );
    const outcomes = await runQa(target, set);
    const figures = qaFigures(language, outcomes);
    const subset = new Set(qaSubset(set, QA_GUARD_STEP).map((question) => question.id));
    const guard = qaFigures(
      language,
      outcomes.filter((outcome) => subset.has(outcome.question.id)),
    );
    console.log(language, figures);
    all.push({ figures, guard, outcomes });
  }
} finally {
  await server.stop();
}

const pct = (n: number) => `${n.toFixed(1)}%`;
const yes = (ok: boolean) => (ok ? 'met' : '**not met**');
const rows = all.map(({ figures: f }) => {
  const v = verdicts(f);
  return `| ${f.language} | ${f.answerable} | ${pct(f.right)} (${yes(v.right)}) | ${pct(f.peer)} | ${(f.right - f.peer).toFixed(1)} points (${yes(v.overPeer)}) | ${f.unanswerable} | ${pct(f.abstained)} (${yes(v.abstained)}) | ${pct(f.wrongHandoffs)} (${yes(v.wrongHandoffs)}) | ${f.p50Ms} / ${f.p95Ms} |`;
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

The regression guard in \`npm test\` asks every ${QA_GUARD_STEP}th question of this run on the in-process server
and fails when it drops more than 3 points below these subset figures:
${all.map(({ guard: g }) => `${g.language} ${pct(g.right)} right, ${pct(g.abstained)} abstained`).join('; ')}.`,
);
writeFileSync(
  BASELINE,
  `${JSON.stringify(
    Object.fromEntries(all.map(({ guard: g }) => [g.language, { right: g.right, abstained: g.abstained }])),
    null,
    2,
  )}\n`,
);
const unmet = all.filter(({ figures }) => Object.values(verdicts(figures)).some((ok) => !ok));
if (unmet.length > 0) {
  console.log(`answer quality goals not met for: ${unmet.map(({ figures }) => figures.language).join(', ')}`);
  process.exitCode = 1;
}
