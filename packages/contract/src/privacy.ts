/**
 * What is kept and for how long, one person's data, and deleting what you created (issue 36;
 * docs/product.md#data-and-privacy): retention periods per institution, a person's lookup, export
 * and erasure, and the deletion of an assistant, an institution or one's own account.
 */
import * as v from 'valibot';
import { ValidationCode as C } from './codes';
import { EmailSchema, IdSchema, idsBodySchema } from './fields';
import { TimeZoneNameSchema } from './date-range';

/** The shortest retention period, in days. */
export const RETENTION_MIN_DAYS = 30;
/** The longest retention period, in days (ten years). */
export const RETENTION_MAX_DAYS = 3650;
/** How often the retention job runs (and once at start). */
export const RETENTION_RUN_EVERY_MINUTES = 60;
/**
 * How long the audit log of a deleted institution is kept (its legal hold): entries younger than
 * this stay until they are this old; older ones go with the institution. Equal to the audit log's
 * own keeping time, so a deletion never keeps an entry longer than the log would.
 */
export const AUDIT_LEGAL_HOLD_DAYS = 180;

/** A retention period: null keeps forever; otherwise whole days from RETENTION_MIN_DAYS to RETENTION_MAX_DAYS. */
export const RetentionDaysSchema = v.optional(
  v.nullable(
    v.pipe(
      v.number(C.retentionRange),
      v.integer(C.retentionRange),
      v.minValue(RETENTION_MIN_DAYS, C.retentionRange),
      v.maxValue(RETENTION_MAX_DAYS, C.retentionRange),
    ),
  ),
  null,
);

/** The four periods, each written once (the body of `PUT institution/{id}/retention`). */
export const RetentionPeriodsSchema = v.object({
  /** Conversations with their messages, overviews, ratings and visitor contacts (by the last message). */
  conversations_days: RetentionDaysSchema,
  /** Contacts left in the chat (contact-form submissions), by when they were left. */
  contacts_days: RetentionDaysSchema,
  /** WhatsApp messages in and out. */
  whatsapp_days: RetentionDaysSchema,
  /** Leads and orders with their lines and history (by their last change). */
  records_days: RetentionDaysSchema,
});
export type RetentionPeriods = v.InferOutput<typeof RetentionPeriodsSchema>;

/** The names of the periods, in the order the console shows them. */
export const RETENTION_KINDS = [
  'conversations_days',
  'contacts_days',
  'whatsapp_days',
  'records_days',
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

/** `PUT institution/{id}/retention`: the periods, and the time zone whose days bound them (UTC by default). */
export const RetentionBodySchema = v.object({
  ...RetentionPeriodsSchema.entries,
  time_zone: v.optional(TimeZoneNameSchema, 'UTC'),
});
export type RetentionBody = v.InferInput<typeof RetentionBodySchema>;

/** What one run of the retention job removed. */
export const RetentionCountsSchema = v.object({
  conversations: v.number(),
  contacts: v.number(),
  whatsapp_messages: v.number(),
  records: v.number(),
});
export type RetentionCounts = v.InferOutput<typeof RetentionCountsSchema>;

/** An institution's retention settings, with its last run and when the next one is due. */
export const RetentionSchema = v.object({
  ...RetentionPeriodsSchema.entries,
  time_zone: v.string(),
  last_run_at: v.nullable(v.string()),
  last_run: v.nullable(RetentionCountsSchema),
  next_run_at: v.string(),
});
export type Retention = v.InferOutput<typeof RetentionSchema>;

const PhoneQuerySchema = v.pipe(v.string(C.invalidPhone), v.trim(), v.maxLength(40, C.invalidPhone));

/** Who to look for: an e-mail, a phone (E.164 or local to the institution's country), or both. */
export const PersonQuerySchema = v.pipe(
  v.object({
    email: v.optional(v.union([v.literal(''), EmailSchema], C.invalidEmail), ''),
    phone: v.optional(PhoneQuerySchema, ''),
  }),
  v.forward(
    v.check((query) => query.email !== '' || query.phone !== '', C.emailOrPhoneRequired),
    ['email'],
  ),
);
export type PersonQuery = v.InferInput<typeof PersonQuerySchema>;

/** `POST institution/{id}/person/erase`: the same person. */
export const PersonEraseBodySchema = PersonQuerySchema;

/** A thing held about the person, for a link: its id and the assistant it belongs to. */
export const PersonItemSchema = v.object({
  id: v.union([v.string(), v.number()]),
  assistant_id: v.number(),
  assistant_name: v.string(),
  at: v.string(),
});
export type PersonItem = v.InferOutput<typeof PersonItemSchema>;

const group = v.object({ count: v.number(), items: v.array(PersonItemSchema) });

/** What is held about one person: counts with links (the latest 20 of each). */
export const PersonSummarySchema = v.object({
  email: v.nullable(v.string()),
  /** The phone as compared (E.164 with the institution's country). */
  phone: v.nullable(v.string()),
  /** Conversations where they left a contact or wrote that address or number. */
  conversations: group,
  /** Contacts they left in the chat (contact-form submissions). */
  contacts: group,
  leads: group,
  orders: group,
  /** WhatsApp messages from or to that number. */
  whatsapp_messages: v.object({ count: v.number() }),
  allowed_numbers: group,
});
export type PersonSummary = v.InferOutput<typeof PersonSummarySchema>;

const at = v.string();

/** `GET institution/{id}/person/export`: everything held about the person, as JSON. */
export const PersonExportSchema = v.object({
  exported_at: at,
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  conversations: v.array(
    v.object({
      id: v.string(),
      assistant_id: v.number(),
      channel: v.string(),
      created_at: at,
      last_message_at: at,
      contact: v.nullable(v.record(v.string(), v.unknown())),
      overview: v.nullable(v.record(v.string(), v.unknown())),
      /** A rated answer carries the visitor's rating and the reason they wrote. */
      messages: v.array(
        v.object({
          role: v.string(),
          content: v.string(),
          rating: v.nullable(v.string()),
          rating_reason: v.nullable(v.string()),
          created_at: at,
        }),
      ),
    }),
  ),
  records: v.array(
    v.object({
      id: v.number(),
      kind: v.string(),
      assistant_id: v.number(),
      company: v.string(),
      contact_name: v.nullable(v.string()),
      phone: v.nullable(v.string()),
      email: v.nullable(v.string()),
      notes: v.nullable(v.string()),
      fields: v.record(v.string(), v.unknown()),
      seller_name: v.string(),
      seller_number: v.nullable(v.string()),
      created_at: at,
      lines: v.array(v.record(v.string(), v.unknown())),
      history: v.array(v.record(v.string(), v.unknown())),
    }),
  ),
  whatsapp_messages: v.array(
    v.object({
      assistant_id: v.number(),
      direction: v.string(),
      phone_number: v.nullable(v.string()),
      body: v.nullable(v.string()),
      created_at: at,
    }),
  ),
  allowed_numbers: v.array(
    v.object({ assistant_id: v.number(), phone_number: v.string(), seller_name: v.string(), created_at: at }),
  ),
});
export type PersonExport = v.InferOutput<typeof PersonExportSchema>;

/** What an erasure removed or anonymised. */
export const PersonErasedSchema = v.object({
  conversations: v.number(),
  leads: v.number(),
  orders: v.number(),
  whatsapp_messages: v.number(),
  allowed_numbers: v.number(),
});
export type PersonErased = v.InferOutput<typeof PersonErasedSchema>;

/** `POST institution-product/delete`: the assistants to delete, with everything they hold. */
export const DeleteAssistantsBodySchema = idsBodySchema(IdSchema);

/** `POST institution/{id}/delete`: the institution's name, typed to confirm. */
export const DeleteInstitutionBodySchema = v.object({
  confirm_name: v.pipe(v.string(C.required), v.trim(), v.nonEmpty(C.required), v.maxLength(200, C.tooLong)),
});

/** An institution named in an account's deletion. */
export const NamedInstitutionSchema = v.object({ id: v.number(), name: v.string() });

/** `GET user/{id}/deletion`: what deleting the account would take along, and what stops it. */
export const AccountDeletionSchema = v.object({
  /** Institutions where the user is the only member: deleted with the account, once confirmed. */
  alone: v.array(NamedInstitutionSchema),
  /** Institutions with other members where the user is the last main one: the deletion is refused (409 `last_main`). */
  blocked: v.array(NamedInstitutionSchema),
  /** False for an account that signs in only with Google or Microsoft: it sets a password first. */
  has_password: v.boolean(),
});
export type AccountDeletion = v.InferOutput<typeof AccountDeletionSchema>;

/** `POST user/{id}/delete`: the password, and the ids of the institutions (`alone`) to delete with it. */
export const DeleteAccountBodySchema = v.object({
  password: v.pipe(v.string(C.required), v.nonEmpty(C.required), v.maxLength(1024, C.tooLong)),
  confirm_institutions: v.optional(v.array(IdSchema, C.invalidValue), []),
});
export type DeleteAccountBody = v.InferInput<typeof DeleteAccountBodySchema>;
