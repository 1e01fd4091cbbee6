/**
 * What the chat says while a seller enters a lead or an order, in English and Spanish. Plain
 * WhatsApp text: `*bold*` is WhatsApp's own emphasis.
 */
import type { Locale } from '@conversa/contract/constants';
import type { RecordKind } from '@conversa/contract/sales';

/** How a question presents the field it asks for. */
export interface AskedField {
  label: string;
  required: boolean;
  /** A date's format, a select's numbered options. */
  hint: 'date' | 'number' | null;
  options: readonly string[];
}

export interface EntryText {
  started: (kind: RecordKind) => string;
  restarted: (kind: RecordKind) => string;
  ask: (field: AskedField) => string;
  /** The question of a field of an order's line `n` (1-based). */
  askLine: (n: number, field: AskedField) => string;
  moreLines: string;
  yesOrNo: string;
  summary: (kind: RecordKind) => string;
  lineRow: (n: number, code: string, description: string | null, quantity: string) => string;
  linesLabel: string;
  confirm: string;
  saved: (kind: RecordKind) => string;
  cancelled: (kind: RecordKind) => string;
  expired: (kind: RecordKind) => string;
  unknownLabels: (labels: readonly string[], known: readonly string[]) => string;
  invalid: (label: string, message: string) => string;
  cannotSkip: (label: string) => string;
  tooManyLines: (max: number) => string;
  empty: string;
}

const optionsList = (options: readonly string[]) =>
  options.map((option, index) => `${index + 1}. ${option}`).join('\n');

export const ENTRY_TEXT: Record<Locale, EntryText> = {
  en: {
    started: (kind) =>
      `New ${kind === 'lead' ? 'lead' : 'purchase order'}. I will ask for each field; write *cancel* at any time to stop.`,
    restarted: (kind) =>
      `The unfinished entry was discarded; starting a new ${kind === 'lead' ? 'lead' : 'purchase order'}.`,
    ask: ({ label, required, hint, options }) =>
      [
        `*${label}*${required ? '' : ' (optional: write *skip* to leave it empty)'}`,
        hint === 'date' ? 'As DD/MM/YYYY.' : hint === 'number' ? 'A number.' : null,
        options.length ? `Choose one (name or number):\n${optionsList(options)}` : null,
      ]
        .filter(Boolean)
        .join('\n'),
    askLine: (n, field) => `Line ${n}: ${ENTRY_TEXT.en.ask(field)}`,
    moreLines: 'Add another line to the order? (*yes* / *no*)',
    yesOrNo: 'Please answer *yes* or *no*.',
    summary: (kind) => `*${kind === 'lead' ? 'Lead' : 'Purchase order'}*`,
    lineRow: (n, code, description, quantity) =>
      `${n}. ${code}${description ? ` (${description})` : ''} × ${quantity}`,
    linesLabel: 'Lines',
    confirm: 'Reply *yes* to save it, *cancel* to discard it, or `Field: value` to change a field.',
    saved: (kind) => `${kind === 'lead' ? 'Lead' : 'Purchase order'} saved. Thank you!`,
    cancelled: (kind) => `Cancelled: the ${kind === 'lead' ? 'lead' : 'purchase order'} was not saved.`,
    expired: (kind) =>
      `The unfinished ${kind === 'lead' ? 'lead' : 'purchase order'} was discarded after 30 minutes without a reply.`,
    unknownLabels: (labels, known) =>
      `I do not know the field${labels.length === 1 ? '' : 's'} ${labels.join(', ')}. The fields are: ${known.join(', ')}.`,
    invalid: (label, message) => `${label}: ${message}`,
    cannotSkip: (label) => `${label} is required: it cannot be skipped.`,
    tooManyLines: (max) => `An order has at most ${max} lines.`,
    empty: '(empty)',
  },
  es: {
    started: (kind) =>
      `Nuevo ${kind === 'lead' ? 'lead' : 'pedido'}. Te pediré cada campo; escribe *cancelar* en cualquier momento para parar.`,
    restarted: (kind) =>
      `Se descartó lo que estaba sin terminar; empezamos un nuevo ${kind === 'lead' ? 'lead' : 'pedido'}.`,
    ask: ({ label, required, hint, options }) =>
      [
        `*${label}*${required ? '' : ' (opcional: escribe *saltar* para dejarlo vacío)'}`,
        hint === 'date' ? 'Como DD/MM/AAAA.' : hint === 'number' ? 'Un número.' : null,
        options.length ? `Elige una (nombre o número):\n${optionsList(options)}` : null,
      ]
        .filter(Boolean)
        .join('\n'),
    askLine: (n, field) => `Línea ${n}: ${ENTRY_TEXT.es.ask(field)}`,
    moreLines: '¿Añadir otra línea al pedido? (*sí* / *no*)',
    yesOrNo: 'Responde *sí* o *no*, por favor.',
    summary: (kind) => `*${kind === 'lead' ? 'Lead' : 'Pedido'}*`,
    lineRow: (n, code, description, quantity) =>
      `${n}. ${code}${description ? ` (${description})` : ''} × ${quantity}`,
    linesLabel: 'Líneas',
    confirm:
      'Responde *sí* para guardarlo, *cancelar* para descartarlo, o `Campo: valor` para cambiar un campo.',
    saved: (kind) => `${kind === 'lead' ? 'Lead guardado' : 'Pedido guardado'}. ¡Gracias!`,
    cancelled: (kind) => `Cancelado: el ${kind === 'lead' ? 'lead' : 'pedido'} no se guardó.`,
    expired: (kind) =>
      `Se descartó el ${kind === 'lead' ? 'lead' : 'pedido'} sin terminar tras 30 minutos sin respuesta.`,
    unknownLabels: (labels, known) =>
      `No conozco ${labels.length === 1 ? 'el campo' : 'los campos'} ${labels.join(', ')}. Los campos son: ${known.join(', ')}.`,
    invalid: (label, message) => `${label}: ${message}`,
    cannotSkip: (label) => `${label} es obligatorio: no se puede saltar.`,
    tooManyLines: (max) => `Un pedido tiene como máximo ${max} líneas.`,
    empty: '(vacío)',
  },
};
