/** The public pages' own words (the chat app has its own catalog), in every locale. */
import type { Locale } from '@conversa/contract/constants';

export const PAGE_TEXT: Record<Locale, { description: (name: string) => string; notFound: string }> = {
  en: {
    description: (name) => `Ask ${name} your questions and get answers at any time.`,
    notFound: 'This page does not exist.',
  },
  es: {
    description: (name) => `Pregunta a ${name} lo que quieras y recibe respuestas a cualquier hora.`,
    notFound: 'Esta página no existe.',
  },
};
