/** A structured overview as stories show it (the conversation stories use it too). */
import type { Overview } from '@conversa/contract/conversation';

export const sampleOverview: Overview = {
  summary: 'Una familia pregunta por la matrícula y el transporte escolar.',
  intent: 'enrolment',
  topics: ['Matrícula', 'Transporte'],
  unanswered_questions: ['¿Tienen transporte escolar?'],
  contact: { name: 'Lucía Pérez', email: 'lucia@example.com', phone: null },
  urgency: 'medium',
  next_step: 'Llamar a la familia sobre el transporte.',
  language: 'es',
  generated_at: '2026-03-10T10:00:00.000Z',
  generator: 'extractive',
};
