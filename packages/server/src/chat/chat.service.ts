/**
 * Public chat rules: which assistant a public path names, the assistant's language, and rows as the
 * contract's answers.
 */
import { SUGGESTED_QUESTION_MAX_LENGTH } from '@conversa/contract/assistant';
import type { ChatMessage, PublicAssistant, PublicKind, WidgetAssistant } from '@conversa/contract/chat';
import type { Locale } from '@conversa/contract/constants';
import type { AssistantType } from '@conversa/contract/assistant-type';
import { logoUrl } from '../files';
import type { AssistantRow, ConversationRow, MessageRow } from './visitor-conversations.repo';

/** The assistant type behind a public path segment. */
export const ASSISTANT_TYPE_OF: Record<PublicKind, AssistantType> = {
  admissions: 'admission',
  retail: 'retail',
};

/** The public path segment of an assistant type; null for a type without a public page. */
export function publicKindOf(type: AssistantType): PublicKind | null {
  if (type === 'admission') return 'admissions';
  return type === 'retail' ? 'retail' : null;
}

/** False for an assistant without a public chat (sales support answers its sellers on WhatsApp only). */
export const hasPublicChat = (row: Pick<AssistantRow, 'type'>): boolean => publicKindOf(row.type) !== null;

// Countries whose main language is Spanish (ISO 3166-1 alpha-2).
const SPANISH_SPEAKING = new Set('AR BO CL CO CR CU DO EC ES GQ GT HN MX NI PA PE PR PY SV UY VE'.split(' '));

/**
 * The assistant's language: Spanish for an institution in a Spanish-speaking country, English in
 * any other; without a country, its owner's locale. The chat answers each question in the
 * question's own language; this is the fallback when a question does not tell (and what the
 * public page starts in).
 */
export function assistantLocale(row: Pick<AssistantRow, 'country' | 'ownerLocale'>): Locale {
  if (row.country) return SPANISH_SPEAKING.has(row.country.toUpperCase()) ? 'es' : 'en';
  return row.ownerLocale === 'es' ? 'es' : 'en';
}

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

/** A stored message as the contract's; the handoff card is the assistant's current contact. */
export function toChatMessage(row: MessageRow, conversation: Pick<ConversationRow, 'handoff'>): ChatMessage {
  return {
    id: row.id,
    role: row.role,
    text: row.content,
    ...(row.role === 'agent' ? { agent_name: row.agentName } : {}),
    sources: row.sources,
    handoff: row.handoff ? conversation.handoff : null,
    created_at: row.createdAt.toISOString(),
  };
}
