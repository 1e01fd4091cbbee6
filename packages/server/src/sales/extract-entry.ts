/**
 * A seller's free text read as a lead or an order by the model (with `LLM_*` set;
 * docs/architecture.md#sales-support): "3 boxes of A-100 for ACME, call Juan on Friday" becomes the
 * same fields the chat asks for, every value then checked as if the seller had typed it, and only
 * what is missing is asked for. A message that is neither is a question, answered from the knowledge.
 */
import type { Locale } from '@conversa/contract/constants';
import {
  type FieldDefinition,
  LEAD_FIELDS,
  ORDER_FIELDS,
  ORDER_LINE_FIELDS,
  type RecordKind,
} from '@conversa/contract/sales';
import * as v from 'valibot';
import type { LlmConfig } from '../config';
import type { LlmMessage } from '../llm/llm';
import { type Structured, structuredCompletion } from '../llm/llm-json';

/** What the model found in the message. */
export interface Extraction {
  kind: RecordKind | 'question';
  /** Field values as written (checked later), by key; null when not stated. */
  values: Record<string, string | null>;
  lines: { product_code: string | null; description: string | null; quantity: string | null }[];
}

const nullableString = { type: ['string', 'null'] };

/** The fields the model may fill: built-in and configured, leads and orders, all keys distinct. */
function fieldKeys(configured: Record<RecordKind, readonly FieldDefinition[]>) {
  const keys = new Map<string, string>();
  for (const field of [...LEAD_FIELDS, ...ORDER_FIELDS]) keys.set(field.key, field.labels.en[0]!);
  for (const kind of ['lead', 'order'] as const)
    for (const field of configured[kind])
      keys.set(field.key, `${field.labels.en} / ${field.labels.es} (${field.type})`);
  return keys;
}

/** The JSON schema and its check for these configured fields (strict mode: every key present). */
export function extractionSchema(
  configured: Record<RecordKind, readonly FieldDefinition[]>,
): Structured<Extraction> {
  const keys = [...fieldKeys(configured).keys()];
  const lineKeys = ORDER_LINE_FIELDS.map((field) => field.key);
  return {
    name: 'sales_entry',
    jsonSchema: {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'values', 'lines'],
      properties: {
        kind: { type: 'string', enum: ['lead', 'order', 'question'] },
        values: {
          type: 'object',
          additionalProperties: false,
          required: keys,
          properties: Object.fromEntries(keys.map((key) => [key, nullableString])),
        },
        lines: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: lineKeys,
            properties: Object.fromEntries(lineKeys.map((key) => [key, nullableString])),
          },
        },
      },
    },
    check: v.object({
      kind: v.picklist(['lead', 'order', 'question']),
      values: v.record(v.string(), v.nullable(v.string())),
      lines: v.array(
        v.object({
          product_code: v.nullable(v.string()),
          description: v.nullable(v.string()),
          quantity: v.nullable(v.string()),
        }),
      ),
    }),
  };
}

/** The instructions and the seller's message. */
export function extractionPrompt(
  text: string,
  configured: Record<RecordKind, readonly FieldDefinition[]>,
  today: string,
): LlmMessage[] {
  const fields = [...fieldKeys(configured)].map(([key, label]) => `- ${key}: ${label}`).join('\n');
  const system = [
    'You read messages that field sellers send to their company assistant on WhatsApp.',
    'Decide whether the message enters a sales lead (a potential customer to contact), a purchase order',
    '(products a customer orders, with quantities), or is a question (anything else).',
    'For a lead or an order, copy each value the seller states into its field, as written; use null for',
    'anything the message does not state. Never invent a value. An order has one line per product: its',
    'product code, its description and its quantity (a number, as written). Dates as DD/MM/YYYY;',
    `today is ${today}. Anything else the seller says about the lead or order goes in notes.`,
    'The fields:',
    fields,
  ].join('\n');
  // The seller's text is data, fenced in its own message: it cannot change the instructions.
  return [
    { role: 'system', content: system },
    { role: 'user', content: `The seller's message:\n"""\n${text.replaceAll('"""', '"')}\n"""` },
  ];
}

/** Asks the model; throws LlmError (the caller then treats the message as a question). */
export async function extractEntry(
  config: LlmConfig,
  text: string,
  configured: Record<RecordKind, readonly FieldDefinition[]>,
  today: string,
): Promise<Extraction> {
  return structuredCompletion(
    config,
    extractionPrompt(text, configured, today),
    extractionSchema(configured),
  );
}

/**
 * The extraction as a one-message entry (`keyword` then `Label: value` lines), which the dialog
 * reads and checks like one a seller typed; null for a question or an entry with nothing in it.
 */
export function asEntryText(
  extraction: Extraction,
  locale: Locale,
  configured: Record<RecordKind, readonly FieldDefinition[]>,
): string | null {
  if (extraction.kind === 'question') return null;
  const kind = extraction.kind;
  const flat = (value: string) => value.replace(/\s+/g, ' ').trim();
  const labelOf = (key: string) =>
    [...(kind === 'lead' ? LEAD_FIELDS : ORDER_FIELDS)].find((field) => field.key === key)?.labels[
      locale
    ][0] ?? configured[kind].find((field) => field.key === key)?.labels[locale];
  const lines: string[] = [];
  for (const [key, value] of Object.entries(extraction.values)) {
    const label = labelOf(key);
    if (label && value !== null && flat(value) !== '') lines.push(`${label}: ${flat(value)}`);
  }
  if (kind === 'order') {
    for (const line of extraction.lines) {
      for (const field of ORDER_LINE_FIELDS) {
        const value = line[field.key as keyof typeof line];
        if (value !== null && flat(value) !== '') lines.push(`${field.labels[locale][0]}: ${flat(value)}`);
      }
    }
  }
  if (lines.length === 0) return null;
  const keyword =
    kind === 'lead' ? (locale === 'es' ? 'nuevo lead' : 'new lead') : locale === 'es' ? 'pedido' : 'order';
  return [keyword, ...lines].join('\n');
}
