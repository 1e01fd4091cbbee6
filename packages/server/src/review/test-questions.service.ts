/**
 * Test questions (issue 35): each is asked as a new visitor would ask it (chat/ask.ts `answerOnce`:
 * the same answering path, no conversation stored, nothing counted in the figures) and judged; the
 * run is kept with its time, so staff see whether a change to the knowledge helped.
 */
import type { TestQuestion, TestResult, TestRun } from '@conversa/contract/review';
import type { AssistantScope } from '../auth/scope';
import { answerOnce, visitorConversationsRepo } from '../chat';
import type { ComposedAnswer } from '../knowledge';
import { fold } from '../knowledge';
import type { AppDeps } from '../deps';
import { notFound } from '../http/errors';
import { testRunLimits } from '../rate-limit/limits';
import { modelCalls } from '../rate-limit/model-calls';
import { takeLimits } from '../rate-limit/rate-limit.service';
import type { Logger } from 'pino';
import { testQuestionsRepo } from './test-questions.repo';

/**
 * Whether an answer passes its test question: `answer` wants an answer that knew (and offered no
 * person), `handoff` one that did not know or offered a person; either way the answer must hold
 * every `must_include` (letter case and accents aside).
 */
export function judge(
  test: TestQuestion,
  answer: Pick<ComposedAnswer, 'text' | 'answered' | 'handoff'>,
): TestResult {
  const text = fold(answer.text);
  const missing = test.must_include.filter((words) => !text.includes(fold(words)));
  const handedOff = !answer.answered || answer.handoff;
  const reason =
    test.expect === 'answer' && handedOff
      ? 'not_answered'
      : test.expect === 'handoff' && !handedOff
        ? 'not_handed_off'
        : missing.length > 0
          ? 'missing_text'
          : null;
  return {
    question: test.question,
    expect: test.expect,
    passed: reason === null,
    answer: answer.text,
    reason,
    missing,
  };
}

/** Runs every test question of the scope's assistant and keeps the run. */
export async function runTests(
  deps: AppDeps,
  scope: AssistantScope,
  logger: Logger,
  signal?: AbortSignal,
): Promise<TestRun> {
  const { institutionId, assistantId } = scope;
  const ref = { institutionId, assistantId };
  const assistant = await visitorConversationsRepo(deps.database.db).byId(institutionId, assistantId);
  if (!assistant) throw notFound();
  await takeLimits(deps, testRunLimits(institutionId, assistantId));
  const tests = testQuestionsRepo(deps.database.db);
  const questions = await tests.list(ref);
  // With a model, each question's calls come from the institution's day (a 429 when it is spent).
  const calls = deps.config.llm
    ? modelCalls({ ...deps, logger }, deps.config.llm, { kind: 'tests', institutionId }, 'reject')
    : undefined;
  const results: TestResult[] = [];
  // One after another: a run is one visitor asking many questions, not a crowd.
  for (const test of questions) {
    const answer = await answerOnce(deps, assistant, test.question, { logger, signal, calls });
    results.push(judge(test, answer));
  }
  return tests.keepRun(ref, { userId: scope.user.userId, results, now: deps.clock.now() });
}
