/** The sales-support forms' valibot schemas, from the contract's request bodies. */
import { ValidationCode as C } from '@conversa/contract/codes';
import { EmailSchema } from '@conversa/contract/fields';
import { LeadBodySchema, OrderBodySchema, OrderLineBodySchema } from '@conversa/contract/records';
import {
  AddAllowedNumberBodySchema,
  FIELD_LABEL_MAX_LENGTH,
  FIELD_TEXT_MAX_LENGTH,
  FieldDefinitionEntries,
  type FieldDefinition,
  MAX_CONFIGURED_FIELDS,
  MAX_FIELD_OPTIONS,
  MAX_ORDER_LINES,
  type RecordKind,
  uniqueFieldKeys,
  WhatsappSettingsBodySchema,
} from '@conversa/contract/sales';
import * as v from 'valibot';

/** An allowed number: the number as typed (the server reads it with the institution's country) and the seller. */
export const AllowedNumberFormSchema = v.object({
  phone_number: AddAllowedNumberBodySchema.entries.phone_number,
  seller_name: AddAllowedNumberBodySchema.entries.seller_name,
});

/** The WhatsApp channel: the number's id; secrets blank to keep the stored ones. */
export const WhatsappSettingsFormSchema = v.object({
  phone_number_id: WhatsappSettingsBodySchema.entries.phone_number_id,
  access_token: v.string(),
  app_secret: v.string(),
  verify_token: v.string(),
});

/** A select's options as the trainer types them: one per line, blank lines ignored. */
export const optionLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/**
 * A configured field as the trainer edits it: the contract's parts, the options as one text (one per
 * line), and whether it is stored already (its key then stays: stored values are kept under it).
 */
const FieldRowSchema = v.pipe(
  v.object({
    ...FieldDefinitionEntries.entries,
    options: v.string(),
    saved: v.boolean(),
  }),
  v.forward(
    v.check((row) => row.type !== 'select' || optionLines(row.options).length > 0, C.optionsRequired),
    ['options'],
  ),
  v.forward(
    v.check(
      (row) =>
        optionLines(row.options).length <= MAX_FIELD_OPTIONS &&
        optionLines(row.options).every((option) => option.length <= FIELD_LABEL_MAX_LENGTH),
      C.tooLong,
    ),
    ['options'],
  ),
);
export type FieldRow = v.InferInput<typeof FieldRowSchema>;

/** The lead or order fields of an assistant, in order: keys unique and never a built-in's. */
export const fieldsFormSchema = (kind: RecordKind) =>
  v.object({
    fields: v.pipe(
      v.array(FieldRowSchema),
      v.maxLength(MAX_CONFIGURED_FIELDS, C.tooLong),
      uniqueFieldKeys<FieldRow>(kind),
    ),
  });

/**
 * A configured field's value as typed (text; a date as YYYY-MM-DD): a required one filled, none
 * longer than a field's text, an e-mail one an address. The server reads the value by its type
 * (a number, a phone, a list's option) and says on the field what it refuses.
 */
const configuredValueSchema = ({ type, required }: Pick<FieldDefinition, 'type' | 'required'>) =>
  v.pipe(
    v.string(C.invalidValue),
    v.trim(),
    v.check((text) => !required || text !== '', C.required),
    v.maxLength(FIELD_TEXT_MAX_LENGTH, C.tooLong),
    v.check((text) => type !== 'email' || text === '' || v.is(EmailSchema, text), C.invalidEmail),
  );

/** The configured fields' values by key. */
const configuredValuesSchema = (definitions: readonly FieldDefinition[]) =>
  v.object(Object.fromEntries(definitions.map((field) => [field.key, configuredValueSchema(field)])));

/** A line's quantity as typed, as a number (a decimal comma read as a point); blank is NaN. */
export const quantityOf = (text: string): number =>
  text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.'));

/** An order line as typed: the contract's line, its quantity as text. */
const OrderLineFormSchema = v.object({
  product_code: OrderLineBodySchema.entries.product_code,
  product_description: OrderLineBodySchema.entries.product_description,
  quantity: v.pipe(
    v.string(C.required),
    v.trim(),
    v.nonEmpty(C.required),
    v.transform(quantityOf),
    OrderLineBodySchema.entries.quantity,
  ),
});

/**
 * A lead as staff type it in the console (create and correct): the contract's `POST lead` fields
 * and the assistant's configured ones.
 */
export const leadFormSchema = (definitions: readonly FieldDefinition[]) =>
  v.object({
    company: LeadBodySchema.entries.company,
    contact_name: LeadBodySchema.entries.contact_name,
    phone: LeadBodySchema.entries.phone,
    email: LeadBodySchema.entries.email,
    notes: LeadBodySchema.entries.notes,
    fields: configuredValuesSchema(definitions),
  });

/** An order as staff type it: the contract's `POST order` fields, its lines, the configured fields. */
export const orderFormSchema = (definitions: readonly FieldDefinition[]) =>
  v.object({
    company: OrderBodySchema.entries.company,
    lines: v.pipe(
      v.array(OrderLineFormSchema),
      v.minLength(1, C.required),
      v.maxLength(MAX_ORDER_LINES, C.tooLong),
    ),
    notes: OrderBodySchema.entries.notes,
    fields: configuredValuesSchema(definitions),
  });

/** The form of a record of `kind`. */
export const recordFormSchema = (kind: RecordKind, definitions: readonly FieldDefinition[]) =>
  kind === 'lead' ? leadFormSchema(definitions) : orderFormSchema(definitions);
