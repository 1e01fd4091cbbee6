/**
 * The answer-quality regression guard (docs/architecture.md#knowledge-and-answers): the protocol of
 * shared/fixtures/qa on the questions of the guard's fold (QA_GUARD_FOLD) through the public chat
 * API of the in-process server, against the figures `bench/answer-quality.ts` recorded for the same
 * subset (quality-baseline.json). Fails when a language answers or abstains more than 3 points worse.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../../testing';
import { qaFigures } from '../../testing/qa-figures';
import {
  QA_GUARD_STEP,
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
) as Record<QaLanguage, { right: number; abstained: number }>;

let server: TestServer;
let base: string;

beforeAll(async () => {
  // Each question comes from a visitor address of its own (X-Forwarded-For), as in the benchmark.
  server = await createTestServer({ env: { TRUST_PROXY: '1' } });
  base = await server.listen();
});
afterAll(() => server.close());

describe.each(['es', 'en'] as const)('answers in %s', (language) => {
  it('stay as right and as honest as the benchmark recorded', { timeout: 240_000 }, async () => {
    const tenant = await createTenant(server, {
      name: `QA school ${language}`,
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
    const figures = qaFigures(language, await runQa(target, set, qaGuardQuestions(set, QA_GUARD_STEP)));
    expect(figures.answerable + figures.unanswerable).toBe(qaGuardQuestions(set, QA_GUARD_STEP).length);
    expect(figures.right, 'answerable questions answered right (%)').toBeGreaterThanOrEqual(
      recorded[language].right - TOLERANCE,
    );
    expect(figures.abstained, 'unanswerable questions abstained (%)').toBeGreaterThanOrEqual(
      recorded[language].abstained - TOLERANCE,
    );
  });
});
