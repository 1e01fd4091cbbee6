/**
 * A visitor rates an answer of their conversation (issue 35): up or down, with an optional reason;
 * one rating per answer, which a new one replaces. Rate-limited per conversation and per address.
 */
import type { Feedback, FeedbackBody } from '@conversa/contract/review';
import type { GuestScope } from '../auth/scope';
import { hasPublicChat } from '../assistants';
import { visitorConversationsRepo } from '../chat';
import type { AppDeps } from '../deps';
import { notFound } from '../http/errors';
import { feedbackConversationLimit, feedbackIpLimit } from '../rate-limit/limits';
import { takeLimits } from '../rate-limit/rate-limit.service';
import { reviewRepo } from './review.repo';

/** Stores the visitor's rating of an answer of their conversation. */
export async function rateAnswer(
  deps: AppDeps,
  { conversationId, assistantId }: GuestScope,
  body: FeedbackBody,
  request: { ip: string },
): Promise<Feedback> {
  const { db } = deps.database;
  const conversation = await visitorConversationsRepo(db).find(conversationId, assistantId);
  if (!conversation || !hasPublicChat(conversation)) throw notFound();
  await takeLimits(deps, [feedbackConversationLimit(conversationId), feedbackIpLimit(request.ip)]);
  const rated = await db.transaction((tx) =>
    reviewRepo(tx).rate({
      institutionId: conversation.institutionId,
      conversationId,
      messageId: body.message_id,
      rating: body.rating,
      reason: body.reason,
      now: deps.clock.now(),
    }),
  );
  // Only the assistant's answers of this conversation are rated.
  if (!rated) throw notFound();
  return { message_id: body.message_id, ...rated };
}
