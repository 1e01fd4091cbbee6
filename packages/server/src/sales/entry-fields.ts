/**
 * What the entry dialog (entry-dialog.ts) reads in a seller's words: the fields of a lead or an
 * order in the order they are asked for, their labels in either language, and the keywords that
 * start, cancel, skip and confirm.
 */
import type { Locale } from '@conversa/contract/constants';
import {
  type BuiltInField,
  type FieldDefinition,
  type FieldType,
  LEAD_FIELDS,
  ORDER_FIELDS,
  ORDER_LINE_FIELDS,
  type RecordKind,
} from '@conversa/contract/sales';
import type { StepInput } from './entry-state';
import { fold } from './field-values';

/** A field as the dialog asks for and reads it. */
export interface Field {
  key: string;
  type: FieldType;
  required: boolean;
  /** Labels a seller may write, per language; the first is shown. */
  labels: Record<Locale, readonly string[]>;
  options: readonly string[];
}

const fromBuiltIn = (field: BuiltInField): Field => ({ ...field, options: [] });
const fromConfigured = (field: FieldDefinition): Field => ({
  key: field.key,
  type: field.type,
  required: field.required,
  labels: { en: [field.labels.en, field.key], es: [field.labels.es, field.key] },
  options: field.options,
});

/** A record's fields outside its lines, in the order they are asked for; `lines` marks where an order's lines go. */
export function planOf(kind: RecordKind, configured: StepInput['configured']): (Field | 'lines')[] {
  const extra = configured[kind].map(fromConfigured);
  if (kind === 'lead') return [...LEAD_FIELDS.map(fromBuiltIn), ...extra];
  const [company, notes] = ORDER_FIELDS.map(fromBuiltIn);
  return [company!, 'lines', notes!, ...extra];
}

export const LINE_FIELDS: readonly Field[] = ORDER_LINE_FIELDS.map(fromBuiltIn);

const KEYWORDS: Record<string, { kind: RecordKind; locale: Locale | null }> = {
  lead: { kind: 'lead', locale: null },
  'new lead': { kind: 'lead', locale: 'en' },
  'nuevo lead': { kind: 'lead', locale: 'es' },
  order: { kind: 'order', locale: 'en' },
  'new order': { kind: 'order', locale: 'en' },
  pedido: { kind: 'order', locale: 'es' },
  'nuevo pedido': { kind: 'order', locale: 'es' },
};
export const CANCEL = new Set(['cancel', 'cancelar']);
export const SKIP = new Set(['skip', 'saltar', 'omitir']);
export const YES = new Set(['yes', 'y', 'si', 's', 'ok', 'vale']);
export const NO = new Set(['no', 'n']);

/** `Label: value`. */
export const LABELLED = /^\s*([^:\n]{1,60}?)\s*:\s*(.*?)\s*$/;

/** The keyword a message starts with (its first line, folded), if any. */
export function keywordOf(text: string): { kind: RecordKind; locale: Locale | null } | null {
  const first = fold(text.split('\n')[0] ?? '').replace(/[.!:¡¿?]+$/u, '');
  return KEYWORDS[first] ?? null;
}

/** The field a label names: by any of its labels in either language, or its key. */
export function fieldNamed(label: string, fields: readonly Field[]): Field | undefined {
  const wanted = fold(label);
  return fields.find((field) =>
    [...field.labels.en, ...field.labels.es].some((name) => fold(name) === wanted),
  );
}
