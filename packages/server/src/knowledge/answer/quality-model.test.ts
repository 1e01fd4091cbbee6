/**
 * The answer-quality guard with a model (docs/architecture.md#knowledge-and-answers): the protocol of
 * shared/fixtures/qa on every QA_MODEL_GUARD_STEP-th question of the guard's fold (QA_GUARD_FOLD) through the public
 * chat API of an in-process server whose LLM is the local test peer (llm-peer.ts). The model must get
 * the gold paragraph among its passages, and never be asked when the assistant abstains, as often as
 * `bench/answer-quality.ts` recorded for the same subset (quality-baseline.json), 3 points of slack.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../../testing';
import { type LlmPeer, startLlmPeer } from '../../testing/llm-peer';
import { qaModelFigures } from '../../testing/qa-figures';
import {
  QA_MODEL_GUARD_STEP,
  type QaLanguage,
  loadQaSet,
  qaGuardQuestions,
  runQa,
  trainAssistant,
} from '../../testing/qa-protocol';

/** Points a figure may fall below the recorded one. */
const TOLERANCE = 3;

const recorded = JSON.parse(
  readFileSync(new URL('./quality-baseline.json', import.meta.url), 'utf8'),
) as Record<QaLanguage, { model: { goldParagraph: number; abstained: number } }>;

let peer: LlmPeer;
let server: TestServer;
let base: string;

beforeAll(async () => {
  peer = await startLlmPeer();
  // Each question comes from a visitor address of its own (X-Forwarded-For), as in the benchmark.
  server = await createTestServer({
    env: { TRUST_PROXY: '1', LLM_BASE_URL: peer.url, LLM_MODEL: 'qa-test-peer' },
  });
  base = await server.listen();
});
afterAll(async () => {
  await server.close();
  await peer.close();
});

describe.each(['es', 'en'] as const)('with a model, questions in %s', (language) => {
  it('send it the right passages, and abstain before asking it', { timeout: 240_000 }, async () => {
    const tenant = await createTenant(server, {
      name: `QA school ${language} (model)`,
      kind: 'school',
      country: language === 'es' ? 'ES' : 'GB',
    });
    const target = {
      base,
      token: tenant.owner.token,
      institutionId: tenant.institution.id,
      assistantId: tenant.assistant.id,
    };
    const set = loadQaSet(language);
    await trainAssistant(target, set);
    const outcomes = await runQa(target, set, qaGuardQuestions(set, QA_MODEL_GUARD_STEP), { model: peer });
    const figures = qaModelFigures(language, outcomes);
    expect(figures.answerable + figures.unanswerable).toBe(qaGuardQuestions(set, QA_MODEL_GUARD_STEP).length);
    // Every answer that did not abstain came from the model: the peer's words, cited.
    const asked = outcomes.filter((outcome) => outcome.model);
    expect(asked.length).toBeGreaterThan(0);
    for (const outcome of asked) expect(outcome.answer.text).toMatch(/\[1\]$/);
    expect(figures.handoffsAfterModel, 'handoffs offered after asking the model').toBe(0);
    expect(
      figures.goldParagraph,
      'answerable questions sent their gold paragraph (%)',
    ).toBeGreaterThanOrEqual(recorded[language].model.goldParagraph - TOLERANCE);
    expect(
      figures.abstained,
      'unanswerable questions abstained, the model not asked (%)',
    ).toBeGreaterThanOrEqual(recorded[language].model.abstained - TOLERANCE);
  });
});
