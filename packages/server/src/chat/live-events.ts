/**
 * What a live conversation tells its listeners (docs/product.md#live-conversations), over the event
 * bus (every process's listeners, on PostgreSQL): the visitor's stream hears the person's messages,
 * the status and the typing; the staff's stream of the assistant hears a visitor's message and each
 * change of status, so lists, badges and open transcripts follow.
 */
import type { ChatMessage, ConversationStatus } from '@conversa/contract/chat';
import type { EventBus } from '../events/event-bus';

/** The bus topic of one conversation (the visitor's stream). */
export const conversationTopic = (conversationId: string) => `conversation:${conversationId}`;
/** The bus topic of an assistant's live conversations (the staff's stream). */
export const liveTopic = (assistantId: number) => `live:${assistantId}`;

/** An event of a conversation, as the visitor's stream sends it. */
export type VisitorEvent =
  | { event: 'message'; data: ChatMessage }
  | { event: 'status'; data: { status: ConversationStatus; agent_name: string | null } }
  | { event: 'typing'; data: { agent_name: string } };

/** An event of an assistant's conversations, as the staff's stream sends it. */
export interface StaffEvent {
  event: 'conversation';
  data: { conversation_id: string; status: ConversationStatus; message_id: number | null };
}

/** Where a conversation is. */
export interface LiveRef {
  assistantId: number;
  conversationId: string;
}

/** Tells the visitor's stream. */
export function toVisitor(events: EventBus, { conversationId }: LiveRef, event: VisitorEvent): void {
  events.publish(conversationTopic(conversationId), event);
}

/** Tells the staff following the assistant's conversations. */
export function toStaff(
  events: EventBus,
  { assistantId, conversationId }: LiveRef,
  status: ConversationStatus,
  messageId: number | null = null,
): void {
  const event: StaffEvent = {
    event: 'conversation',
    data: { conversation_id: conversationId, status, message_id: messageId },
  };
  events.publish(liveTopic(assistantId), event);
}
