/** `POST conversation/{id}/correction`: an answer corrected into an FAQ the assistant answers from now on. */
import type { CorrectionBody, CorrectionResult } from '@conversa/contract/review';
import * as routes from '@conversa/contract/routes/review';
import type { DataClient } from '../client';
import { conversationKey, isDashboardKeyOf } from '../conversations/keys';
import { faqsKey } from '../knowledge/keys';
import { useWrite } from '../mutation';
import { isReviewKey } from './keys';

/**
 * Corrects an answer of conversation `conversationId` (of assistant `assistantId`): the transcript,
 * the queue, the dashboards and the FAQs refresh.
 */
export async function correctAnswer(
  client: DataClient,
  assistantId: number,
  conversationId: string,
  body: CorrectionBody,
): Promise<CorrectionResult> {
  const result = await client.endpoint(routes.postCorrection, { params: { id: conversationId }, json: body });
  const touched = new Set(
    [conversationKey(conversationId), faqsKey(assistantId)].map((key) => JSON.stringify(key)),
  );
  await client.invalidate(
    (key) =>
      touched.has(JSON.stringify(key)) || isReviewKey(assistantId)(key) || isDashboardKeyOf(assistantId)(key),
  );
  return result;
}

/** What `useCorrectAnswer`'s trigger takes: the correction and the conversation it is of. */
export type AnswerCorrection = CorrectionBody & { conversationId: string };

/** `correctAnswer` with the conversation inside the correction, as the hook's trigger takes it. */
const correctIn = (client: DataClient, assistantId: number, { conversationId, ...body }: AnswerCorrection) =>
  correctAnswer(client, assistantId, conversationId, body);

/** `trigger({conversationId, message_id, answer})` corrects an answer of the assistant `assistantId`. */
export function useCorrectAnswer(assistantId: number) {
  return useWrite(routes.postCorrection, correctIn, assistantId);
}
