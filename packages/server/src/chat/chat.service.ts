/**
 * Public chat rules: which origins may start a visitor's session, and rows as the contract's
 * answers (which assistant a public path names and the assistant's language are the assistant's
 * rules: `assistants/assistants.service.ts`).
 */
import { asOrigin, SUGGESTED_QUESTION_MAX_LENGTH } from '@conversa/contract/assistant';
import type { ChatMessage, PublicAssistant, WidgetAssistant } from '@conversa/contract/chat';
import { assistantLocale, logoUrl, publicKindOf } from '../assistants';
import type { AssistantRow, ConversationRow, MessageRow } from './visitor-conversations.repo';

/**
 * A public assistant as `GET public/{kind}/{id}` answers it. An inactive one is only that: no
 * name, logo or questions (anyone can walk institution ids).
 */
export function toPublicAssistant(row: AssistantRow, publicUrl: string): PublicAssistant {
  if (!row.active)
    return {
      name: null,
      institution_name: null,
      logo: null,
      suggested_questions: [],
      active: false,
      locale: assistantLocale(row),
      live_chat: false,
    };
  return {
    name: row.name,
    institution_name: row.institutionName,
    logo: logoUrl(publicUrl, row.logo),
    // Without suggested questions of its own, the assistant offers its first FAQs' (cut to a suggested question's length).
    suggested_questions:
      row.suggestedQuestions.length > 0
        ? row.suggestedQuestions
        : row.faqQuestions.map((question) =>
            question.length > SUGGESTED_QUESTION_MAX_LENGTH
              ? `${question.slice(0, SUGGESTED_QUESTION_MAX_LENGTH - 1).trimEnd()}…`
              : question,
          ),
    active: true,
    locale: assistantLocale(row),
    live_chat: row.liveChat.enabled,
  };
}

/** A public assistant as `GET public/assistant/{external_id}` answers it (the widget's view). */
export function toWidgetAssistant(row: AssistantRow, publicUrl: string): WidgetAssistant {
  const { color, position, greeting } = row.snippet;
  return {
    ...toPublicAssistant(row, publicUrl),
    kind: publicKindOf(row.type),
    institution_id: row.institutionId,
    snippet: { color, position, greeting: row.active ? greeting : '' },
  };
}

/**
 * A stored message as the contract's; the handoff card is the assistant's current contact. An
 * answer carries its rating; staff (`for: 'staff'`) also see whether it was corrected.
 */
export function toChatMessage(
  row: MessageRow,
  conversation: Pick<ConversationRow, 'handoff'>,
  view: { for: 'visitor' | 'staff' } = { for: 'visitor' },
): ChatMessage {
  return {
    id: row.id,
    role: row.role,
    text: row.content,
    ...(row.role === 'agent' ? { agent_name: row.agentName } : {}),
    sources: row.sources,
    handoff: row.handoff ? conversation.handoff : null,
    created_at: row.createdAt.toISOString(),
    ...(row.role === 'assistant' ? { rating: row.rating, rating_reason: row.ratingReason } : {}),
    ...(row.role === 'assistant' && view.for === 'staff' ? { corrected: row.corrected } : {}),
  };
}

/** The allowed origins that are well-formed origins (so none can inject into a CSP header). */
export const cleanOrigins = (allowed: readonly string[]) =>
  allowed.map(asOrigin).filter((origin): origin is string => origin !== null);

/**
 * Whether a visitor's chat session may start from a page of `origin` (the request's `Origin`): the
 * server's own pages (the chat frame, the public links), an allowed origin, or any when none are
 * listed, as the frame's `frame-ancestors` says. A malformed or opaque (`null`) origin is not allowed.
 */
export function sessionOriginAllowed(origin: string, allowed: readonly string[], ownOrigin: string): boolean {
  const listed = cleanOrigins(allowed);
  if (listed.length === 0) return true;
  const clean = asOrigin(origin);
  return clean !== null && (clean === ownOrigin || listed.includes(clean));
}
