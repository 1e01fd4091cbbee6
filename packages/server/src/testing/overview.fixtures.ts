/** Two admissions conversations (English, Spanish) the overview tests read, and message helpers. */
import type { Source } from '@conversa/contract/chat';
import type { OverviewInput, OverviewMessage } from '../conversations/overview';

export const NOW = new Date('2026-03-02T10:00:00.000Z');

export const visitor = (content: string): OverviewMessage => ({
  role: 'user',
  content,
  sources: [],
  handoff: false,
  answered: true,
});
export const assistant = (
  content: string,
  options: { sources?: Source[]; answered?: boolean; handoff?: boolean } = {},
): OverviewMessage => ({
  role: 'assistant',
  content,
  sources: options.sources ?? [],
  handoff: options.handoff ?? false,
  answered: options.answered ?? true,
});
const faq = (title: string): Source => ({ kind: 'faq', title, file_id: null });

/** A parent asking about Year 7 admissions, in a widget left in Spanish. */
export const english: OverviewInput = {
  locale: 'es',
  country: 'GB',
  contact: null,
  messages: [
    visitor('Hello, my name is Sarah Thompson. How do I apply for a place in Year 7 for September?'),
    assistant('You apply online through the admissions portal [1].', {
      sources: [faq('How do I apply for admission?')],
    }),
    visitor('Is there still a vacancy in Year 7, and when is the application deadline?'),
    assistant('I could not find that in my information. A person from the team can help you with it:', {
      answered: false,
      handoff: true,
    }),
    visitor('Do you offer the IB in the sixth form?'),
    assistant('Yes, the sixth form follows the IB Diploma [1].', {
      sources: [{ kind: 'file', title: 'Sixth-form-guide.pdf', file_id: 7 }],
    }),
    visitor('Please call me on 07911 123456 or write to sarah.t@example.co.uk.'),
    assistant('Thank you, the team will be in touch.'),
  ],
};

/** A family asking about fees, the bus and a sibling discount, in a widget left in English. */
export const spanish: OverviewInput = {
  locale: 'en',
  country: 'ES',
  contact: {
    name: 'Lucía Fernández',
    email: 'lucia.fernandez@example.es',
    phone: null,
    message: null,
    created_at: NOW.toISOString(),
  },
  messages: [
    visitor('Hola, ¿cuál es el precio del comedor y la cuota mensual en 3º de Primaria?'),
    assistant('El comedor cuesta 120 euros al mes [1].', { sources: [faq('¿Cuánto cuesta el comedor?')] }),
    visitor('¿Hay ruta de autobús desde Las Rozas?'),
    assistant('No encontré eso en mi información. Prueba a preguntarlo con otras palabras.', {
      answered: false,
    }),
    visitor(
      '¿Y tenéis descuento para hermanos en la ESO? Me llamo Lucía Fernández, mi móvil es 612 345 678, es urgente.',
    ),
    assistant('No encontré eso en mi información. Una persona del equipo puede ayudarte con ello:', {
      answered: false,
      handoff: true,
    }),
  ],
};
