/**
 * Ratings, the review queue, corrections and test questions in the data layer, against the real
 * server in-process (issue 35): a visitor rates an answer down; staff see it in the queue (the
 * hook follows a correction and a dismissal), correct it, keep it as a test question and run it.
 */
import type { ChatEvent } from '@conversa/contract/chat';
import { renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAssistants } from '../assistants/list-assistants';
import { updateAssistant } from '../assistants/update-assistant';
import { askAssistant } from '../chat/ask-assistant';
import { storedGuest } from '../chat/guest-conversation';
import type { DataClient } from '../client';
import { getDashboard } from '../conversations/get-dashboard';
import { createInstitution } from '../institutions/create-institution';
import { getFaqs } from '../knowledge/get-faqs';
import { startApi, type TestApi } from '../testing/api';
import { dataWrapper, snapshot, until } from '../testing/render';
import { correctAnswer } from './correct-answer';
import { rateAnswer } from './rate-answer';
import { dismissReview, listReview, useReview } from './review-queue';
import { listTestRuns, runTestQuestions, updateTestQuestions, useTestQuestions } from './test-questions';

let api: TestApi;
let staff: DataClient;
let assistantId: number;
let externalId: string;

/** A new visitor asks; their client, conversation and the answer's id. */
async function visitor(question: string) {
  const client = api.client();
  const events: ChatEvent[] = [];
  await askAssistant(client, externalId, question, (event) => events.push(event));
  const done = events.find((event) => event.event === 'done');
  return {
    client,
    conversationId: storedGuest(client)!.conversationId,
    answerId: done?.event === 'done' ? done.data.message_id! : 0,
    text: events.flatMap((event) => (event.event === 'token' ? [event.data.text] : [])).join(''),
  };
}

beforeAll(async () => {
  api = await startApi();
  ({ client: staff } = await api.signedIn());
  const institution = await createInstitution(staff, {
    name: 'Colegio Reseñas',
    kind: 'school',
    country: 'ES',
  });
  assistantId = (await listAssistants(staff, institution.id))[0]!.id;
  const detail = await updateAssistant(staff, assistantId, {
    handoff: { name: 'Ana', email: 'ana@colegio.example', phone: null, hours: null, message: null },
  });
  externalId = detail.external_id;
});
afterAll(() => api.close());

describe('review', () => {
  it('takes a rating, lists it for staff, and a correction answers the next visitor', async () => {
    const first = await visitor('Is there a summer camp in July?');
    const rated = await rateAnswer(first.client, first.conversationId, {
      message_id: first.answerId,
      rating: 'down',
      reason: 'You do have one',
    });
    expect(rated).toEqual({ message_id: first.answerId, rating: 'down', reason: 'You do have one' });

    const queue = renderHook(() => snapshot(useReview(assistantId, { reason: 'down' })), {
      wrapper: dataWrapper(staff),
    });
    await until(() => queue.result.current.data?.items.length === 1);
    expect(queue.result.current.data?.items[0]).toMatchObject({
      message_id: first.answerId,
      question: 'Is there a summer camp in July?',
      comment: 'You do have one',
      corrected: null,
    });
    const sent = api.received(`institution-product/${assistantId}/review`).at(-1)!.search;
    expect(sent.get('reason')).toBe('down');

    const answer = 'Yes: every weekday of July, 9:00 to 14:00.';
    const result = await correctAnswer(staff, assistantId, first.conversationId, {
      message_id: first.answerId,
      answer,
    });
    expect(result.updated).toBe(false);
    // The queue's page refreshes with the item marked corrected.
    await until(() => queue.result.current.data?.items[0]?.corrected?.faq_id === result.corrected.faq_id);
    // The correction's FAQ, the one the corrected answer points to.
    expect((await getFaqs(staff, assistantId)).faqs).toContainEqual({
      id: result.corrected.faq_id,
      question: 'Is there a summer camp in July?',
      answer,
    });
    expect((await visitor('Is there a summer camp in July?')).text).toBe(answer);
    expect(await getDashboard(staff, assistantId)).toMatchObject({ rated: 1, rated_up: 0, satisfaction: 0 });

    await dismissReview(staff, assistantId, [first.answerId]);
    await until(() => queue.result.current.data?.items.length === 0);
    expect((await listReview(staff, assistantId)).items.map((item) => item.message_id)).not.toContain(
      first.answerId,
    );
  });

  it('keeps test questions and runs them, the last run first', async () => {
    const list = renderHook(() => snapshot(useTestQuestions(assistantId)), { wrapper: dataWrapper(staff) });
    await until(() => list.result.current.data !== undefined);
    expect(list.result.current.data?.questions).toEqual([]);
    await updateTestQuestions(staff, assistantId, {
      questions: [
        { question: 'Is there a summer camp in July?', expect: 'answer', must_include: ['July'] },
        { question: 'Do you have a planetarium?', expect: 'handoff' },
      ],
    });
    await until(() => list.result.current.data?.questions.length === 2);
    const run = await runTestQuestions(staff, assistantId);
    expect(run).toMatchObject({ passed: 2, failed: 0 });
    const runs = await listTestRuns(staff, assistantId);
    expect(runs.items[0]?.id).toBe(run.id);
  });
});
