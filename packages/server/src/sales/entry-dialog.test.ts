import type { FieldDefinition } from '@conversa/contract/sales';
import { describe, expect, it } from 'vitest';
import { stepEntry } from './entry-dialog';
import { ENTRY_TTL_MS, type EntryState, type StepInput, type StepResult } from './entry-state';

const BUDGET: FieldDefinition = {
  key: 'budget',
  labels: { en: 'Budget', es: 'Presupuesto' },
  type: 'number',
  required: true,
  options: [],
};
const SIZE: FieldDefinition = {
  key: 'size',
  labels: { en: 'Company size', es: 'Tamaño' },
  type: 'select',
  required: false,
  options: ['Small', 'Medium', 'Large'],
};
const VISIT: FieldDefinition = {
  key: 'visit',
  labels: { en: 'Visit date', es: 'Fecha de visita' },
  type: 'date',
  required: false,
  options: [],
};

const START = new Date('2026-11-20T10:00:00Z');

/** A seller's conversation with the dialog: each `say` is one message, a minute after the last. */
function seller(configured: StepInput['configured'] = { lead: [], order: [] }, locale: 'en' | 'es' = 'en') {
  let state: EntryState | null = null;
  let n = 0;
  return {
    say(text: string): StepResult {
      n += 1;
      const result = stepEntry(state, {
        text,
        messageId: `wamid.${n}`,
        now: new Date(START.getTime() + n * 60_000),
        locale,
        country: 'ES',
        configured,
      });
      state = result.state;
      return result;
    },
    get state() {
      return state;
    },
  };
}

/** The last reply of a step. */
const last = (result: StepResult) => result.replies.at(-1) ?? '';

describe('a guided lead, in English', () => {
  it('asks each field in turn, checks each answer, and saves on yes', () => {
    const chat = seller({ lead: [BUDGET, SIZE, VISIT], order: [] });
    const started = chat.say('lead');
    expect(started.handled).toBe(true);
    expect(started.replies[0]).toMatch(/^New lead\./);
    expect(last(started)).toBe('*Company*');
    expect(last(chat.say('ACME Corp'))).toBe('*Contact*');
    // A required field cannot be skipped.
    const skipped = chat.say('skip');
    expect(skipped.replies).toEqual(['Contact is required: it cannot be skipped.', '*Contact*']);
    expect(last(chat.say('Juan Pérez'))).toMatch(/^\*Phone\* \(optional/);
    const badPhone = chat.say('12');
    expect(badPhone.replies[0]).toBe('Phone: Invalid phone number.');
    expect(last(chat.say('612 345 678'))).toMatch(/^\*Email\*/);
    expect(last(chat.say('SKIP'))).toMatch(/^\*Notes\*/);
    expect(last(chat.say('Call on Friday: urgent'))).toBe('*Budget*\nA number.');
    expect(chat.say('a lot').replies[0]).toBe('Budget: Write a number, for example 12 or 3.5.');
    const size = chat.say('1500,5');
    expect(last(size)).toBe(
      '*Company size* (optional: write *skip* to leave it empty)\nChoose one (name or number):\n1. Small\n2. Medium\n3. Large',
    );
    expect(chat.say('huge').replies[0]).toBe('Company size: Choose one of the options.');
    expect(last(chat.say('2'))).toMatch(/^\*Visit date\*.*\nAs DD\/MM\/YYYY\.$/s);
    expect(chat.say('31/02/2027').replies[0]).toBe('Visit date: Write a date as DD/MM/YYYY.');
    const summary = chat.say('5/3/2027');
    expect(summary.replies).toEqual([
      [
        '*Lead*',
        'Company: ACME Corp',
        'Contact: Juan Pérez',
        'Phone: +34612345678',
        'Email: (empty)',
        'Notes: Call on Friday: urgent',
        'Budget: 1,500.5',
        'Company size: Medium',
        'Visit date: 05/03/2027',
      ].join('\n'),
      'Reply *yes* to save it, *cancel* to discard it, or `Field: value` to change a field.',
    ]);
    const saved = chat.say('Yes');
    expect(saved.replies).toEqual(['Lead saved. Thank you!']);
    expect(saved.state).toBeNull();
    expect(saved.record).toEqual({
      kind: 'lead',
      values: {
        company: 'ACME Corp',
        contact: 'Juan Pérez',
        phone: '+34612345678',
        email: null,
        notes: 'Call on Friday: urgent',
        budget: 1500.5,
        size: 'Medium',
        visit: '2027-03-05',
      },
      lines: [],
      messageIds: Array.from({ length: 15 }, (_, i) => `wamid.${i + 1}`),
    });
  });

  it('is cancelled at any time and then saves nothing', () => {
    const chat = seller();
    chat.say('new lead');
    chat.say('ACME');
    const cancelled = chat.say('Cancel.');
    expect(cancelled).toMatchObject({
      state: null,
      handled: true,
      replies: ['Cancelled: the lead was not saved.'],
    });
    expect(cancelled.record).toBeUndefined();
    // Afterwards a message is a question again.
    expect(chat.say('What does A-100 cost?')).toEqual({ state: null, replies: [], handled: false });
  });
});

describe('an order in one message, in Spanish', () => {
  it('reads every labelled line, two order lines included, and saves on sí', () => {
    const chat = seller({ lead: [], order: [] }, 'en');
    const summary = chat.say(
      'Pedido\nEmpresa: ACME\nCÓDIGO: A-100\nCantidad: 3\ncodigo: B-2\nDescripcion: Cajas grandes\nCantidad: 2,5\nNotas: urgente',
    );
    expect(summary.replies).toEqual([
      [
        '*Pedido*',
        'Empresa: ACME',
        'Líneas:',
        '1. A-100 × 3',
        '2. B-2 (Cajas grandes) × 2,5',
        'Notas: urgente',
      ].join('\n'),
      'Responde *sí* para guardarlo, *cancelar* para descartarlo, o `Campo: valor` para cambiar un campo.',
    ]);
    // A change at the summary, then the summary again.
    const changed = chat.say('Empresa: ACME Iberia');
    expect(changed.replies[0]).toContain('Empresa: ACME Iberia');
    const saved = chat.say('sí');
    expect(saved.replies).toEqual(['Pedido guardado. ¡Gracias!']);
    expect(saved.record).toEqual({
      kind: 'order',
      values: { company: 'ACME Iberia', notes: 'urgente' },
      lines: [
        { product_code: 'A-100', description: null, quantity: 3 },
        { product_code: 'B-2', description: 'Cajas grandes', quantity: 2.5 },
      ],
      messageIds: ['wamid.1', 'wamid.2', 'wamid.3'],
    });
  });

  it('says what it could not read and asks only for what is missing', () => {
    const chat = seller({ lead: [BUDGET], order: [] }, 'es');
    const result = chat.say('nuevo lead\nEmpresa: ACME\nColor: rojo\nCorreo: no-es-correo\npresupuesto: 200');
    expect(result.replies).toEqual([
      'Correo: Correo electrónico no válido.',
      'No conozco el campo Color. Los campos son: Empresa, Contacto, Teléfono, Correo, Notas, Presupuesto.',
      '*Contacto*',
    ]);
    // Optional fields left out of the message are not asked for.
    const summary = chat.say('Ana');
    expect(summary.replies[0]).toBe(
      [
        '*Lead*',
        'Empresa: ACME',
        'Contacto: Ana',
        'Teléfono: (vacío)',
        'Correo: (vacío)',
        'Notas: (vacío)',
        'Presupuesto: 200',
      ].join('\n'),
    );
    expect(chat.say('no')).toMatchObject({ state: null, replies: ['Cancelado: el lead no se guardó.'] });
  });
});

describe('a guided order', () => {
  it('asks for lines until the seller says no', () => {
    const chat = seller();
    expect(last(chat.say('order'))).toBe('*Company*');
    expect(last(chat.say('ACME'))).toBe('Line 1: *Product code*');
    expect(last(chat.say('A-1'))).toMatch(/^Line 1: \*Description\* \(optional/);
    expect(last(chat.say('saltar'))).toBe('Line 1: *Quantity*\nA number.');
    expect(chat.say('dos').replies[0]).toBe('Quantity: Write a number, for example 12 or 3.5.');
    expect(last(chat.say('2'))).toBe('Add another line to the order? (*yes* / *no*)');
    expect(chat.say('maybe').replies).toEqual([
      'Please answer *yes* or *no*.',
      'Add another line to the order? (*yes* / *no*)',
    ]);
    expect(last(chat.say('y'))).toBe('Line 2: *Product code*');
    chat.say('B-7');
    chat.say('Blue boxes');
    chat.say('10');
    expect(last(chat.say('no'))).toMatch(/^\*Notes\*/);
    const summary = chat.say('skip');
    expect(summary.replies[0]).toBe(
      [
        '*Purchase order*',
        'Company: ACME',
        'Lines:',
        '1. A-1 × 2',
        '2. B-7 (Blue boxes) × 10',
        'Notes: (empty)',
      ].join('\n'),
    );
    expect(chat.say('yes').record?.lines).toEqual([
      { product_code: 'A-1', description: null, quantity: 2 },
      { product_code: 'B-7', description: 'Blue boxes', quantity: 10 },
    ]);
  });
});

describe('an unfinished entry', () => {
  it('expires after 30 minutes of silence, and the late message is answered as a question', () => {
    const chat = seller();
    chat.say('lead');
    const state = chat.state!;
    const late = stepEntry(state, {
      text: 'What does A-100 cost?',
      messageId: 'wamid.late',
      now: new Date(Date.parse(state.updatedAt) + ENTRY_TTL_MS + 1),
      locale: 'en',
      country: 'ES',
      configured: { lead: [], order: [] },
    });
    expect(late).toEqual({
      state: null,
      replies: ['The unfinished lead was discarded after 30 minutes without a reply.'],
      handled: false,
    });
  });

  it('gives way to a new one when the seller starts again', () => {
    const chat = seller();
    chat.say('lead');
    chat.say('ACME');
    const again = chat.say('pedido');
    expect(again.replies.slice(0, 2)).toEqual([
      'Se descartó lo que estaba sin terminar; empezamos un nuevo pedido.',
      'Nuevo pedido. Te pediré cada campo; escribe *cancelar* en cualquier momento para parar.',
    ]);
    expect(again.state).toMatchObject({ kind: 'order', locale: 'es', values: {} });
  });

  it('goes on without a configured field removed while it was asked for', () => {
    const input = (text: string, configured: StepInput['configured']): StepInput => ({
      text,
      messageId: text,
      now: START,
      locale: 'en',
      country: 'ES',
      configured,
    });
    let state: EntryState | null = null;
    for (const text of ['lead', 'ACME', 'Ana', 'skip', 'skip', 'skip']) {
      state = stepEntry(state, input(text, { lead: [BUDGET], order: [] })).state;
    }
    expect(state?.asking).toEqual({ step: 'field', key: 'budget' });
    const removed = stepEntry(state, input('100', { lead: [], order: [] }));
    expect(removed.state?.asking).toEqual({ step: 'confirm' });
    expect(removed.state?.values).not.toHaveProperty('budget');
  });
});
