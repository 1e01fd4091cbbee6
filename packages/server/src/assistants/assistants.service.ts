/**
 * An assistant's rules other features read: which public path segment shows it (and which assistant
 * a segment names), and its language.
 */
import type { PublicKind } from '@conversa/contract/chat';
import type { Locale } from '@conversa/contract/constants';
import type { AssistantType } from '@conversa/contract/assistant-type';

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
export const hasPublicChat = (row: { type: AssistantType }): boolean => publicKindOf(row.type) !== null;

// Countries whose main language is Spanish (ISO 3166-1 alpha-2).
const SPANISH_SPEAKING = new Set('AR BO CL CO CR CU DO EC ES GQ GT HN MX NI PA PE PR PY SV UY VE'.split(' '));

/**
 * The assistant's language: Spanish for an institution in a Spanish-speaking country, English in
 * any other; without a country, its owner's locale. The chat answers each question in the
 * question's own language; this is the fallback when a question does not tell (and what the
 * public page starts in).
 */
export function assistantLocale(row: { country: string | null; ownerLocale: string | null }): Locale {
  if (row.country) return SPANISH_SPEAKING.has(row.country.toUpperCase()) ? 'es' : 'en';
  return row.ownerLocale === 'es' ? 'es' : 'en';
}
