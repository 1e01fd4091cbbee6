/**
 * An assistant's test questions (`GET/PUT institution-product/{id}/test-question`), their runs
 * (`POST …/test-question/run`) and the runs kept (`GET …/test-question/run`).
 */
import type { TestQuestions, TestRun } from '@conversa/contract/review';
import * as routes from '@conversa/contract/routes/review';
import type { CallOptions, DataClient } from '../client';
import { getPage, type Page } from '../pagination';
import type { ReadResponse } from '../swr-config';
import { isTestRunsKey, testQuestionsKey, testRunsKey } from './keys';
import { useWrite } from '../mutation';
import { useCached } from '../cached';

/** The assistant's test questions, in order. */
export function getTestQuestions(
  client: DataClient,
  assistantId: number,
  options?: CallOptions,
): Promise<TestQuestions> {
  return client.endpoint(routes.getTestQuestions, { ...options, params: { id: assistantId } });
}

/** The assistant's test questions; null reads nothing. */
export function useTestQuestions(assistantId: number | null | undefined): ReadResponse<TestQuestions> {
  return useCached(assistantId ? [assistantId] : null, testQuestionsKey, getTestQuestions);
}

/** Replaces the list; the cached copy becomes the answer. */
export async function updateTestQuestions(
  client: DataClient,
  assistantId: number,
  body: { questions: { question: string; expect: 'answer' | 'handoff'; must_include?: string[] }[] },
): Promise<TestQuestions> {
  const saved = await client.endpoint(routes.putTestQuestions, { params: { id: assistantId }, json: body });
  await client.setCached(testQuestionsKey(assistantId), saved);
  return saved;
}

/** `trigger({questions})` saves the test questions of the assistant. */
export function useUpdateTestQuestions(assistantId: number) {
  return useWrite(routes.putTestQuestions, updateTestQuestions, assistantId);
}

/** Runs every test question; the runs kept refresh. */
export async function runTestQuestions(client: DataClient, assistantId: number): Promise<TestRun> {
  const run = await client.endpoint(routes.runTestQuestions, { params: { id: assistantId } });
  await client.invalidate(isTestRunsKey(assistantId));
  return run;
}

/** `trigger()` runs the assistant's test questions. */
export function useRunTestQuestions(assistantId: number) {
  return useWrite(routes.runTestQuestions, runTestQuestions, assistantId);
}

/** A page of the runs kept, newest first. */
export function listTestRuns(
  client: DataClient,
  assistantId: number,
  page = 1,
  options?: CallOptions,
): Promise<Page<TestRun>> {
  return getPage(client, routes.listTestRuns, {
    ...options,
    params: { id: assistantId },
    searchParams: { page },
  });
}

/** The latest runs (the first page): the newest is the last run, the one after it the run before. */
export function useTestRuns(assistantId: number | null | undefined): ReadResponse<Page<TestRun>> {
  return useCached(assistantId ? [assistantId, 1] : null, testRunsKey, listTestRuns);
}

/** Adds `question` (expecting an answer) at the end of the assistant's test questions, unless it is there already. */
export async function addTestQuestion(
  client: DataClient,
  assistantId: number,
  question: string,
): Promise<TestQuestions> {
  const { questions } = await getTestQuestions(client, assistantId);
  if (questions.some((test) => test.question === question)) return { questions };
  return updateTestQuestions(client, assistantId, {
    questions: [...questions, { question, expect: 'answer' }],
  });
}

/** `trigger(question)` adds a test question (the review queue's and a transcript's one click). */
export function useAddTestQuestion(assistantId: number) {
  return useWrite(routes.putTestQuestions, addTestQuestion, assistantId);
}
