/**
 * Staff correct an answer (issue 35): the visitor's question it replied to becomes an FAQ with the
 * corrected answer (or the FAQ that answered it gets the corrected answer), and the answer is
 * marked corrected. A strong FAQ is answered with its own answer (knowledge/retrieval.ts), so the
 * next visitor asking the question, or a close paraphrase, gets the correction.
 */
import { MAX_FAQS } from '@conversa/contract/assistant';
import type { Correction } from '@conversa/contract/chat';
import type { CorrectionBody, CorrectionResult } from '@conversa/contract/review';
import type { ConversationScope } from '../auth/scope';
import { writeCorrectionFaq } from '../assistants';
import type { AppDeps } from '../deps';
import { ApiError, notFound } from '../http/errors';
import { enqueueEmbedding, retrieve } from '../knowledge';
import { findUserName } from '../users';
import { reviewRepo } from './review.repo';

/** Passages looked at to find the FAQ already answering the question. */
const MATCH_PASSAGES = 3;

/** Corrects an answer of the scope's conversation into an FAQ. */
export async function correctAnswer(
  deps: AppDeps,
  scope: ConversationScope,
  body: CorrectionBody,
): Promise<CorrectionResult> {
  const { db } = deps.database;
  const { institutionId, assistantId, conversationId, user } = scope;
  const found = await reviewRepo(db).answerOf(institutionId, conversationId, body.message_id);
  if (!found) throw notFound();
  const question = found.question?.trim() ?? '';
  if (question === '') throw new ApiError(409, 'no_question');
  // The FAQ that answers the question now (the way a visitor's question finds it) is the one to mend.
  const { passages } = await retrieve(db, { institutionId, assistantId, question, limit: MATCH_PASSAGES });
  const strong = passages.find((passage) => passage.strong && passage.source.kind === 'faq');
  const named = await findUserName(db, user.userId);
  const now = deps.clock.now();
  const result = await db.transaction(async (tx) => {
    const faq = await writeCorrectionFaq(tx, {
      institutionId,
      assistantId,
      question,
      answer: body.answer,
      matching: strong?.question ?? null,
    });
    if ('full' in faq) throw new ApiError(409, 'faq_limit', { params: { limit: MAX_FAQS } });
    const corrected: Correction = {
      by: { id: user.userId, full_name: named?.fullName.trim() || named?.email || user.email },
      at: now.toISOString(),
      faq_id: faq.faqId,
    };
    await reviewRepo(tx).markCorrected(institutionId, body.message_id, corrected);
    return { faq, corrected };
  });
  // With an embeddings model, the new FAQ is embedded like any saved one.
  await enqueueEmbedding(db, deps.config.embeddings, { institutionId, assistantId }, now);
  return {
    message_id: body.message_id,
    question: result.faq.updated ? (strong?.question ?? question) : question,
    answer: body.answer,
    updated: result.faq.updated,
    corrected: result.corrected,
  };
}
