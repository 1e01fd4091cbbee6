/** The sales-support forms' valibot schemas, from the contract's request bodies. */
import { ValidationCode as C } from '@conversa/contract/codes';
import {
  AddAllowedNumberBodySchema,
  FIELD_LABEL_MAX_LENGTH,
  FieldDefinitionEntries,
  MAX_CONFIGURED_FIELDS,
  MAX_FIELD_OPTIONS,
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
