/** `POST public/conversation/{id}/feedback`: a chat visitor rates an answer (a new rating replaces the last). */
import type { Feedback, FeedbackBody } from '@conversa/contract/review';
import * as routes from '@conversa/contract/routes/review';
import type { DataClient } from '../client';

/** Sends the rating with the conversation's guest token; answers it as stored. */
export function rateAnswer(
  client: DataClient,
  conversationId: string,
  body: { message_id: number; rating: FeedbackBody['rating']; reason?: string | null },
): Promise<Feedback> {
  return client.endpoint(routes.postFeedback, { params: { id: conversationId }, json: body });
}
