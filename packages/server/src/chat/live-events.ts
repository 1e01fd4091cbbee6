/**
 * What a live conversation tells its listeners (docs/product.md#live-conversations), over the event
 * bus (every process's listeners, on PostgreSQL): the visitor's stream hears the person's messages,
 * the status and the typing; the staff's stream of the assistant hears a visitor's message and each
 * change of status, so lists, badges and open transcripts follow.
 */
import type { ConversationEvent, ConversationStatus, LiveEvent } from '@conversa/contract/chat';
import type { EventBus } from '../events/event-bus';
import { conversationTopic, institutionLiveTopic, liveTopic } from '../events/topics';

/** Where a conversation is. */
export interface LiveRef {
  institutionId: number;
  assistantId: number;
  conversationId: string;
}

/** Tells the visitor's stream. */
export function toVisitor(events: EventBus, { conversationId }: LiveRef, event: LiveEvent): void {
  events.publish(conversationTopic(conversationId), event);
}

/** Tells the staff following the assistant's conversations. */
export function toStaff(
  events: EventBus,
  { institutionId, assistantId, conversationId }: LiveRef,
  status: ConversationStatus,
  messageId: number | null = null,
): void {
  const event: ConversationEvent = {
    institution_product_id: assistantId,
    conversation_id: conversationId,
    status,
    message_id: messageId,
  };
  events.publish(liveTopic(assistantId), event);
  events.publish(institutionLiveTopic(institutionId), event);
}
