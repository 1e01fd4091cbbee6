/** `POST institution-product/{id}/preview`: the trainer's "try it", a question answered with why. */
import type { PreviewAnswer, PreviewBody } from '@conversa/contract/conversation';
import * as routes from '@conversa/contract/routes/conversations';
import type { DataClient } from '../client';

/**
 * Asks a question as a visitor would; `conversation_id` (from the previous answer) goes on with the
 * same preview conversation. Nothing cached changes: preview conversations are in no list.
 */
export function previewQuestion(
  client: DataClient,
  assistantId: number,
  body: PreviewBody,
): Promise<PreviewAnswer> {
  return client.endpoint(routes.previewQuestion, { params: { id: assistantId }, json: body });
}
