/** The extractive overview: the rules read English and Spanish admissions conversations. */
import { describe, expect, it } from 'vitest';
import { extractiveOverview } from './overview';
import { assistant, english, NOW, spanish, visitor } from '../testing/overview.fixtures';

describe('extractiveOverview', () => {
  it('reads an English admissions conversation', () => {
    expect(extractiveOverview(english, NOW)).toEqual({
      summary:
        'The visitor asked 4 questions, starting with “Hello, my name is Sarah Thompson. How do I apply for a place in Year 7 for September?”. ' +
        '3 were answered and 1 was not. A person from the team was offered. The visitor left contact details.',
      intent: 'enrolment',
      topics: ['Year 7', 'IB', 'Sixth form', 'How do I apply for admission?', 'Sixth-form-guide'],
      unanswered_questions: ['Is there still a vacancy in Year 7, and when is the application deadline?'],
      // Found in the text: the UK mobile read with the institution's country, as E.164.
      contact: { name: 'Sarah Thompson', email: 'sarah.t@example.co.uk', phone: '+447911123456' },
      urgency: 'medium',
      next_step:
        'Contact Sarah Thompson by phone at +447911123456 or by e-mail at sarah.t@example.co.uk. Add an FAQ for the unanswered question.',
      language: 'en',
      generated_at: NOW.toISOString(),
      generator: 'extractive',
    });
  });

  it('reads a Spanish conversation: price, urgent, the form contact completed with the phone in the text', () => {
    const overview = extractiveOverview(spanish, NOW);
    expect(overview).toMatchObject({
      intent: 'price',
      topics: ['3º Primaria', 'ESO', '¿Cuánto cuesta el comedor?'],
      unanswered_questions: [
        '¿Hay ruta de autobús desde Las Rozas?',
        '¿Y tenéis descuento para hermanos en la ESO? Me llamo Lucía Fernández, mi móvil es 612 345 678, es urgente.',
      ],
      contact: { name: 'Lucía Fernández', email: 'lucia.fernandez@example.es', phone: '+34612345678' },
      urgency: 'high',
      language: 'es',
      generator: 'extractive',
    });
    expect(overview.summary).toBe(
      'El visitante hizo 3 preguntas; la primera: «Hola, ¿cuál es el precio del comedor y la cuota mensual en 3º de Primaria?». ' +
        '1 tuvo respuesta y 2 no. Se le ofreció el contacto de una persona del equipo. El visitante dejó sus datos de contacto.',
    );
    expect(overview.next_step).toBe(
      'Contactar con Lucía Fernández por teléfono al +34612345678 o por correo a lucia.fernandez@example.es. ' +
        'Añadir una pregunta frecuente para las preguntas sin respuesta.',
    );
  });

  it('says so when the visitor asked nothing', () => {
    for (const messages of [[], [assistant('Hello! How can I help you?')]]) {
      expect(extractiveOverview({ locale: 'es', country: 'ES', contact: null, messages }, NOW)).toEqual({
        summary: 'El visitante no hizo ninguna pregunta.',
        intent: 'other',
        topics: [],
        unanswered_questions: [],
        contact: { name: null, email: null, phone: null },
        urgency: 'low',
        next_step: 'No hace falta hacer nada.',
        language: 'es',
        generated_at: NOW.toISOString(),
        generator: 'extractive',
      });
    }
  });

  it('reads a complaint as urgent, and takes no describing words for a name', () => {
    const overview = extractiveOverview(
      {
        locale: 'en',
        country: null,
        contact: null,
        messages: [
          visitor(
            "I'm Interested in knowing why the bus was late again. This is unacceptable, I want to complain.",
          ),
          assistant('I could not find that in my information.', { answered: false }),
        ],
      },
      NOW,
    );
    expect(overview).toMatchObject({
      intent: 'complaint',
      urgency: 'high',
      contact: { name: null, email: null, phone: null },
      next_step: 'Review the complaint; the visitor left no contact. Add an FAQ for the unanswered question.',
    });
  });

  it('tells an answered plain question from small talk', () => {
    const read = (content: string) =>
      extractiveOverview(
        { locale: 'en', country: 'ES', contact: null, messages: [visitor(content), assistant('…')] },
        NOW,
      );
    expect(read('What time does the school day end?')).toMatchObject({
      intent: 'information',
      urgency: 'low',
      next_step: 'No action needed.',
    });
    expect(read('ok thanks').intent).toBe('other');
    // Without a country, only numbers written with their prefix are phones.
    expect(read('Reach me at +34 612 345 678, not 612 345 679').contact.phone).toBe('+34612345678');
  });
});
