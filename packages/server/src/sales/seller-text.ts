/** What a seller hears outside a step of an entry (entry-text.ts), in English and Spanish. */
import type { Source } from '@conversa/contract/chat';
import type { Locale } from '@conversa/contract/constants';
import type { ComposedAnswer } from '../knowledge';

export interface SellerText {
  /** To a number not on the assistant's allowed list (once a day). */
  notAllowed: (assistant: string) => string;
  /** To a sender Meta names only by a business-scoped user id. */
  unidentified: string;
  /** To an image, audio, document, location… */
  textOnly: string;
}

export const SELLER_TEXT: Record<Locale, SellerText> = {
  en: {
    notAllowed: (assistant) =>
      `Hello! This number is not on the list of sellers of ${assistant}, so I cannot help you here. Please ask your company to add it.`,
    unidentified:
      'Sorry, I cannot tell which phone number you are writing from, so I cannot help you here. Please write from a number your company has added.',
    textOnly: 'Sorry, I can only read text messages. Please write your question or entry as text.',
  },
  es: {
    notAllowed: (assistant) =>
      `¡Hola! Este número no está en la lista de vendedores de ${assistant}, así que no puedo ayudarte por aquí. Pide a tu empresa que lo añada.`,
    unidentified:
      'Lo siento, no puedo saber desde qué número escribes, así que no puedo ayudarte por aquí. Escribe desde un número que tu empresa haya añadido.',
    textOnly: 'Lo siento, solo puedo leer mensajes de texto. Escribe tu pregunta o tu registro como texto.',
  },
};

const SOURCES: Record<Locale, string> = { en: 'Sources', es: 'Fuentes' };
const KNOWLEDGE_BASE: Record<Locale, string> = { en: 'the knowledge base', es: 'la base de conocimiento' };

/** An answer as one WhatsApp text: the answer, then the sources it came from, by name. */
export function answerText(answer: Pick<ComposedAnswer, 'text' | 'sources'>, locale: Locale): string {
  const names = [
    ...new Set(answer.sources.map((source: Source) => source.title?.trim() || KNOWLEDGE_BASE[locale])),
  ];
  return names.length > 0 ? `${answer.text}\n\n${SOURCES[locale]}: ${names.join('; ')}` : answer.text;
}
