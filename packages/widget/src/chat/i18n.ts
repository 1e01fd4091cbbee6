/**
 * The chat's strings in English and Spanish, picked from the browser language. A tiny table instead of
 * lingui: the chat app has a 30 KB gzip budget (DESIGN §9) and a dozen strings, so lingui's runtime and
 * catalogs would cost more than the strings themselves.
 */
import type { Locale } from '@conversa/contract/constants';

const en = {
  placeholder: 'Type your question',
  send: 'Send',
  close: 'Close chat',
  messages: 'Conversation',
  suggested: 'Suggested questions',
  sources: 'Sources',
  knowledgeBase: 'Knowledge base',
  thinking: 'Writing…',
  you: 'You',
  retry: 'Retry',
  failed: 'The message could not be sent. Check your connection and try again.',
  inactive: 'Nothing here yet. The chat link is inactive - please contact your institution',
  notFound: 'This chat does not exist.',
  unavailable: 'The chat could not be loaded. Check your connection and reload the page.',
  loading: 'Loading…',
  handoff: 'Talk to a person',
  hours: 'Hours',
};
type Messages = typeof en;

const es: Messages = {
  placeholder: 'Escribe tu pregunta',
  send: 'Enviar',
  close: 'Cerrar chat',
  messages: 'Conversación',
  suggested: 'Preguntas sugeridas',
  sources: 'Fuentes',
  knowledgeBase: 'Base de conocimiento',
  thinking: 'Escribiendo…',
  you: 'Tú',
  retry: 'Reintentar',
  failed: 'No se pudo enviar el mensaje. Revisa tu conexión e inténtalo de nuevo.',
  inactive: 'Aún no hay nada aquí. El enlace del chat está inactivo; contacta con tu institución',
  notFound: 'Este chat no existe.',
  unavailable: 'No se pudo cargar el chat. Revisa tu conexión y recarga la página.',
  loading: 'Cargando…',
  handoff: 'Hablar con una persona',
  hours: 'Horario',
};

/** The strings of a locale. */
export function messagesFor(locale: Locale): Messages {
  return locale === 'es' ? es : en;
}
export type { Messages };
