/**
 * Sales support's records (docs/product.md#entities): leads and purchase orders that allowed
 * WhatsApp sellers enter by chat, their built-in fields, and the fields an institution adds per
 * assistant (trainer tab "Fields").
 */
import * as v from 'valibot';
import { ValidationCode as C } from './codes';
import type { Locale } from './constants';

export const RECORD_KINDS = ['lead', 'order'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export const FIELD_TYPES = ['text', 'number', 'date', 'select', 'phone', 'email'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Configured fields per kind at most. */
export const MAX_CONFIGURED_FIELDS = 20;
/** Options of a select field at most. */
export const MAX_FIELD_OPTIONS = 30;
export const FIELD_LABEL_MAX_LENGTH = 60;
/** A text value (a field's answer) at most. */
export const FIELD_TEXT_MAX_LENGTH = 500;
/** Lines of an order at most. */
export const MAX_ORDER_LINES = 50;

/** A field's key: lower-case letters, digits and `_`, starting with a letter. */
const FIELD_KEY = /^[a-z][a-z0-9_]{0,39}$/;

const LabelSchema = v.pipe(
  v.string(C.required),
  v.trim(),
  v.nonEmpty(C.required),
  v.maxLength(FIELD_LABEL_MAX_LENGTH, C.tooLong),
);

/** One configured field: key, labels in both languages, type, whether required; a select's options. */
export const FieldDefinitionSchema = v.pipe(
  v.object({
    key: v.pipe(v.string(C.required), v.trim(), v.regex(FIELD_KEY, C.invalidValue)),
    labels: v.object({ es: LabelSchema, en: LabelSchema }),
    type: v.picklist(FIELD_TYPES, C.invalidValue),
    required: v.boolean(C.invalidValue),
    /** A select's choices, in order; empty for the other types. */
    options: v.optional(
      v.pipe(v.array(LabelSchema, C.invalidValue), v.maxLength(MAX_FIELD_OPTIONS, C.tooLong)),
      [],
    ),
  }),
  v.forward(
    v.check(
      (field) => (field.type === 'select') === field.options.length > 0,
      C.invalidValue,
    ),
    ['options'],
  ),
);
export type FieldDefinition = v.InferOutput<typeof FieldDefinitionSchema>;

/** The keys of the built-in fields, which a configured field may not take. */
export const BUILT_IN_KEYS: Record<RecordKind, readonly string[]> = {
  lead: ['company', 'contact', 'phone', 'email', 'notes'],
  order: ['company', 'lines', 'product_code', 'description', 'quantity', 'notes'],
};

/** `PUT institution-product/{id}/lead-fields` and `…/order-fields` body: the fields, in order. */
export const FieldDefinitionsBodySchema = (kind: RecordKind) =>
  v.pipe(
    v.object({
      fields: v.pipe(
        v.array(FieldDefinitionSchema, C.invalidValue),
        v.maxLength(MAX_CONFIGURED_FIELDS, C.tooLong),
      ),
    }),
    v.forward(
      v.check(
        ({ fields }) =>
          new Set(fields.map((field) => field.key)).size === fields.length &&
          fields.every((field) => !BUILT_IN_KEYS[kind].includes(field.key)),
        C.invalidValue,
      ),
      ['fields'],
    ),
  );

/** A built-in field as the chat asks for it and reads it in a `Label: value` line. */
export interface BuiltInField {
  key: string;
  type: FieldType;
  required: boolean;
  /** Labels a seller may write, per language (the first is the one shown). */
  labels: Record<Locale, readonly string[]>;
}

/** The built-in fields of a lead, in the order the chat asks for them. */
export const LEAD_FIELDS: readonly BuiltInField[] = [
  { key: 'company', type: 'text', required: true, labels: { en: ['Company'], es: ['Empresa'] } },
  { key: 'contact', type: 'text', required: true, labels: { en: ['Contact'], es: ['Contacto'] } },
  { key: 'phone', type: 'phone', required: false, labels: { en: ['Phone'], es: ['Teléfono'] } },
  { key: 'email', type: 'email', required: false, labels: { en: ['Email', 'E-mail'], es: ['Correo'] } },
  { key: 'notes', type: 'text', required: false, labels: { en: ['Notes'], es: ['Notas'] } },
];

/** The fields of an order line, in the order the chat asks for them. */
export const ORDER_LINE_FIELDS: readonly BuiltInField[] = [
  {
    key: 'product_code',
    type: 'text',
    required: true,
    labels: { en: ['Product code', 'Code'], es: ['Código', 'Código de producto'] },
  },
  {
    key: 'description',
    type: 'text',
    required: false,
    labels: { en: ['Description'], es: ['Descripción'] },
  },
  { key: 'quantity', type: 'number', required: true, labels: { en: ['Quantity'], es: ['Cantidad'] } },
];

/** The built-in fields of an order besides its lines: asked before (company) and after (notes) them. */
export const ORDER_FIELDS: readonly BuiltInField[] = [
  { key: 'company', type: 'text', required: true, labels: { en: ['Company'], es: ['Empresa'] } },
  { key: 'notes', type: 'text', required: false, labels: { en: ['Notes'], es: ['Notas'] } },
];

/** A value as stored: text, a number, an ISO date, a select's option, an E.164 phone, an e-mail. */
export type FieldValue = string | number;

/** One line of an order. */
export interface OrderLine {
  product_code: string;
  description: string | null;
  quantity: number;
}
