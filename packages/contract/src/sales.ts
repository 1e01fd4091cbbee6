/**
 * Sales support's records (docs/product.md#what-things-hold): leads and purchase orders that allowed
 * WhatsApp sellers enter by chat, their built-in fields, and the fields an institution adds per
 * assistant (trainer tab "Fields").
 */
import * as v from 'valibot';
import { ValidationCode as C } from './codes';
import { PaginationQuerySchema } from './common';
import type { Locale } from './constants';
import { IdSchema, idsBodySchema, requiredText } from './fields';

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

/** One configured field's parts: key, labels in both languages, type, whether required; a select's options. */
export const FieldDefinitionEntries = v.object({
  key: v.pipe(v.string(C.required), v.trim(), v.regex(FIELD_KEY, C.fieldKeyFormat)),
  labels: v.object({ es: LabelSchema, en: LabelSchema }),
  type: v.picklist(FIELD_TYPES, C.invalidValue),
  required: v.boolean(C.invalidValue),
  /** A select's choices, in order; empty for the other types. */
  options: v.optional(
    v.pipe(v.array(LabelSchema, C.invalidValue), v.maxLength(MAX_FIELD_OPTIONS, C.tooLong)),
    [],
  ),
});

/** One configured field; only a select has options, and it has at least one. */
export const FieldDefinitionSchema = v.pipe(
  FieldDefinitionEntries,
  v.forward(
    v.check((field) => field.type !== 'select' || field.options.length > 0, C.optionsRequired),
    ['options'],
  ),
  v.forward(
    v.check((field) => field.type === 'select' || field.options.length === 0, C.invalidValue),
    ['options'],
  ),
);
export type FieldDefinition = v.InferOutput<typeof FieldDefinitionSchema>;

/** The keys of the built-in fields, which a configured field may not take. */
export const BUILT_IN_KEYS: Record<RecordKind, readonly string[]> = {
  lead: ['company', 'contact', 'phone', 'email', 'notes'],
  order: ['company', 'lines', 'product_code', 'description', 'quantity', 'notes'],
};

/**
 * Fields' keys are unique and never a built-in's: a key that a built-in field or an earlier field
 * holds is refused on that field's key (`fields.N.key`). The trainer's form checks the same.
 */
export const uniqueFieldKeys = <T extends { key: string }>(kind: RecordKind) =>
  v.rawCheck<T[]>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const fields = dataset.value;
    const seen = new Set<string>(BUILT_IN_KEYS[kind]);
    fields.forEach((field, index) => {
      if (seen.has(field.key))
        addIssue({
          message: C.fieldKeyTaken,
          path: [
            { type: 'array', origin: 'value', input: fields, key: index, value: field },
            { type: 'object', origin: 'value', input: field, key: 'key', value: field.key },
          ],
        });
      seen.add(field.key);
    });
  });

/** `PUT institution-product/{id}/lead-fields` and `…/order-fields` body: the fields, in order. */
export const FieldDefinitionsBodySchema = (kind: RecordKind) =>
  v.object({
    fields: v.pipe(
      v.array(FieldDefinitionSchema, C.invalidValue),
      v.maxLength(MAX_CONFIGURED_FIELDS, C.tooLong),
      uniqueFieldKeys<FieldDefinition>(kind),
    ),
  });
export type FieldDefinitionsBody = v.InferInput<ReturnType<typeof FieldDefinitionsBodySchema>>;

/** `GET`/`PUT institution-product/{id}/lead-fields` and `…/order-fields` answer: the fields, in order. */
export const FieldDefinitionsSchema = v.object({
  fields: v.array(
    v.object({
      key: v.string(),
      labels: v.object({ es: v.string(), en: v.string() }),
      type: v.picklist(FIELD_TYPES),
      required: v.boolean(),
      options: v.array(v.string()),
    }),
  ),
});
export type FieldDefinitions = v.InferOutput<typeof FieldDefinitionsSchema>;

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

// ---- Allowed numbers (the WhatsApp whitelist) ----

export const SELLER_NAME_MAX_LENGTH = 120;
/** Characters of a phone number as typed, at most (spaces, dashes and a prefix included). */
export const PHONE_INPUT_MAX_LENGTH = 40;

/** A seller's number allowed to use a sales-support assistant on WhatsApp. */
export const AllowedNumberSchema = v.object({
  id: v.number(),
  /** E.164, as stored (`+34612345678`). */
  phone_number: v.string(),
  seller_name: v.string(),
  created_at: v.string(),
});
export type AllowedNumber = v.InferOutput<typeof AllowedNumberSchema>;

/**
 * `POST whatsapp-whitelist`: the number as typed (a local number reads with the institution's
 * country; the server checks it with libphonenumber and stores E.164) and who uses it.
 */
export const AddAllowedNumberBodySchema = v.object({
  institution_product_id: IdSchema,
  phone_number: requiredText(PHONE_INPUT_MAX_LENGTH),
  seller_name: requiredText(SELLER_NAME_MAX_LENGTH),
});
export type AddAllowedNumberBody = v.InferInput<typeof AddAllowedNumberBodySchema>;

/** `GET whatsapp-whitelist/institution-product/{id}`: the page, and `q` (in the number or the seller's name). */
export const AllowedNumbersQuerySchema = v.object({
  ...PaginationQuerySchema.entries,
  q: v.optional(v.pipe(v.string(C.invalidValue), v.trim(), v.maxLength(200, C.tooLong)), ''),
});
export type AllowedNumbersQuery = v.InferOutput<typeof AllowedNumbersQuerySchema>;

/** `POST whatsapp-whitelist/delete`: the numbers' ids, all of the X-Institution-Id institution. */
export const DeleteAllowedNumbersBodySchema = idsBodySchema(IdSchema);
export type DeleteAllowedNumbersBody = v.InferOutput<typeof DeleteAllowedNumbersBodySchema>;

// ---- The WhatsApp Cloud API channel of a sales-support assistant ----

export const WHATSAPP_SECRET_MAX_LENGTH = 1000;

/** A secret sent to be stored: a value replaces the stored one; absent, null or blank keeps it. */
const SecretSchema = v.optional(
  v.nullable(
    v.pipe(
      v.string(C.invalidValue),
      v.trim(),
      v.maxLength(WHATSAPP_SECRET_MAX_LENGTH, C.tooLong),
      v.transform((s) => (s === '' ? null : s)),
    ),
  ),
  null,
);

/**
 * `PUT institution-product/{id}/whatsapp`: the number's id Meta gives (digits) and the secrets,
 * which are write-only: no route ever answers them.
 */
export const WhatsappSettingsBodySchema = v.object({
  phone_number_id: v.pipe(
    v.string(C.required),
    v.trim(),
    v.nonEmpty(C.required),
    v.regex(/^\d{5,30}$/, C.invalidValue),
  ),
  access_token: SecretSchema,
  app_secret: SecretSchema,
  verify_token: SecretSchema,
});
export type WhatsappSettingsBody = v.InferInput<typeof WhatsappSettingsBodySchema>;

/** `GET`/`PUT institution-product/{id}/whatsapp` answer: which secrets are stored, never their values. */
export const WhatsappSettingsSchema = v.object({
  phone_number_id: v.nullable(v.string()),
  access_token_set: v.boolean(),
  app_secret_set: v.boolean(),
  verify_token_set: v.boolean(),
  /** Where Meta is to send the deliveries (the callback URL of the app's webhook). */
  webhook_url: v.string(),
});
export type WhatsappSettings = v.InferOutput<typeof WhatsappSettingsSchema>;

/**
 * `GET institution-product/{id}/whatsapp/failed-replies`: a reply of the assistant's that could not
 * be sent (refused by the Graph API, retried in vain, or reported failed by Meta's status callback).
 */
export const FailedReplySchema = v.object({
  id: v.number(),
  /** E.164; null for a sender Meta named only by a user id (such a reply cannot be sent again). */
  phone_number: v.nullable(v.string()),
  /** The seller's name while the number is allowed; null when it is not (any more). */
  seller_name: v.nullable(v.string()),
  body: v.string(),
  /** Why, as the Graph API or the status callback said it; null when Meta gave no reason. */
  error: v.nullable(v.string()),
  failed_at: v.string(),
  /** The text of the message it answered; null for a notice of ours (an entry's expiry) or media. */
  question: v.nullable(v.string()),
});
export type FailedReply = v.InferOutput<typeof FailedReplySchema>;

/**
 * A seller's question on WhatsApp that was neither a lead nor an order: answered from the
 * assistant's knowledge, as the public chat answers.
 */
export const SellerQuestionSchema = v.object({
  /** The incoming message's id. */
  id: v.number(),
  /** E.164; null for a sender Meta named only by a user id. */
  phone_number: v.nullable(v.string()),
  /** The seller's name while the number is allowed; null when it is not (any more). */
  seller_name: v.nullable(v.string()),
  question: v.string(),
  asked_at: v.string(),
  /** The answer as written to the seller (sources named at its end). */
  answer: v.string(),
  answered_at: v.string(),
});
export type SellerQuestion = v.InferOutput<typeof SellerQuestionSchema>;

/** `POST institution-product/{id}/whatsapp/failed-replies/retry`: the failed replies to send again. */
export const RetryFailedRepliesBodySchema = idsBodySchema(IdSchema);
export type RetryFailedRepliesBody = v.InferOutput<typeof RetryFailedRepliesBodySchema>;

/** The retry's answer: the replies queued to be sent again (they leave the failed list). */
export const RetriedRepliesSchema = v.object({ ids: v.array(v.number()) });
export type RetriedReplies = v.InferOutput<typeof RetriedRepliesSchema>;

/** `GET whatsapp/webhook`: Meta's verification handshake (answered with the challenge, as text). */
export const WhatsappHandshakeQuerySchema = v.object({
  'hub.mode': v.optional(v.string(), ''),
  'hub.verify_token': v.optional(v.pipe(v.string(), v.maxLength(WHATSAPP_SECRET_MAX_LENGTH)), ''),
  'hub.challenge': v.optional(v.pipe(v.string(), v.maxLength(200)), ''),
});

// Leads and orders as the console works them: records.ts.
