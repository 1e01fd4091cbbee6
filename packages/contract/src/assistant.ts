/**
 * Assistants (the spec's "institution products") and their settings: suggested questions, handoff,
 * public link, snippet, knowledge. On the wire an assistant is still an `institution-product` (paths)
 * with its type, name and logo nested under `product`.
 */
import * as v from 'valibot';
import { AssistantTypeSchema } from './assistant-type';
import { ValidationCode as C } from './codes';
import { OptionalEmailSchema, optionalText, requiredText } from './fields';
import { TimeZoneNameSchema } from './date-range';
import { PhoneSchema } from './phone';

export const MAX_SUGGESTED_QUESTIONS = 3;
/** The longest suggested question, in characters. */
export const SUGGESTED_QUESTION_MAX_LENGTH = 200;
export const MAX_ALLOWED_ORIGINS = 20;
export const MAX_KNOWLEDGE_BASE_LENGTH = 100_000;
export const MAX_FAQS = 200;
export const FAQ_QUESTION_MAX_LENGTH = 500;
export const FAQ_ANSWER_MAX_LENGTH = 5000;
/** Days a handoff address's confirmation link works (once). */
export const HANDOFF_CONFIRMATION_TTL_DAYS = 7;
/** Confirmation mails (on save or resend) one assistant may send in an hour. */
export const HANDOFF_CONFIRMATIONS_PER_HOUR = 5;
export const SNIPPET_POSITIONS = ['left', 'right'] as const;
export type SnippetPosition = (typeof SNIPPET_POSITIONS)[number];

/** `GET institution/{id}/product` item, as on the wire (snake_case, type, name and logo nested under `product`). */
export const AssistantListItemSchema = v.object({
  id: v.number(),
  external_id: v.string(),
  institution_id: v.number(),
  product: v.object({ type: AssistantTypeSchema, name: v.string(), logo: v.nullable(v.string()) }),
});
export type AssistantListItem = v.InferOutput<typeof AssistantListItemSchema>;

/** The snippet an assistant starts with. */
export const DEFAULT_SNIPPET: Snippet = {
  allowed_origins: [],
  color: '#2563eb',
  position: 'right',
  greeting: '',
};

/** `POST institution-product` body. */
export const CreateAssistantBodySchema = v.object({
  type: v.picklist(AssistantTypeSchema.options, C.invalidValue),
  name: requiredText(200),
});
export type CreateAssistantBody = v.InferOutput<typeof CreateAssistantBodySchema>;

/** A colour as the snippet stores it: `#` and six hex digits. */
export const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/**
 * The http(s) origin a value is, exactly as written (`https://shop.example.com`; a trailing `/` is
 * fine): no path, query, credentials or a differently written host. Null for anything else.
 */
export function asOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return url.origin === value.replace(/\/$/, '') ? url.origin : null;
}

/** True for a bare http(s) origin (`asOrigin`). */
export const isBareOrigin = (value: string): boolean => asOrigin(value) !== null;

/** An http(s) origin (`https://shop.example.com`), no path; a trailing slash is dropped. */
export const OriginSchema = v.pipe(
  v.string(C.invalidUrl),
  v.trim(),
  v.maxLength(2048, C.tooLong),
  v.check(isBareOrigin, C.invalidUrl),
  v.transform((s) => new URL(s).origin),
);

/** Who a visitor is handed to when the assistant cannot help. */
export const HandoffBodySchema = v.object({
  name: optionalText(200),
  email: OptionalEmailSchema,
  phone: PhoneSchema,
  hours: optionalText(200),
  message: optionalText(1000),
});

export const HandoffSchema = v.object({
  name: v.nullable(v.string()),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  hours: v.nullable(v.string()),
  message: v.nullable(v.string()),
});
export type Handoff = v.InferOutput<typeof HandoffSchema>;

export const SnippetSchema = v.object({
  allowed_origins: v.array(v.string()),
  color: v.string(),
  position: v.picklist(SNIPPET_POSITIONS),
  greeting: v.string(),
});
export type Snippet = v.InferOutput<typeof SnippetSchema>;

/** Minutes a visitor waits for a person before being offered the contact form, by default. */
export const DEFAULT_WAIT_MINUTES = 5;
/** Minutes a conversation waits before the handoff e-mail is told, by default. */
export const DEFAULT_NOTIFY_AFTER_MINUTES = 3;
/** The longest either wait may be set to. */
export const MAX_LIVE_WAIT_MINUTES = 120;
/** A time of day, 24-hour `HH:mm`. */
const TimeOfDaySchema = v.pipe(
  v.string(C.invalidValue),
  v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, C.invalidValue),
);
const minutesSchema = v.pipe(
  v.number(C.invalidValue),
  v.integer(C.invalidValue),
  v.minValue(1, C.invalidValue),
  v.maxValue(MAX_LIVE_WAIT_MINUTES, C.invalidValue),
);

/**
 * Live chat (a person stepping into the conversation): on or off, and when. `hours` are the office
 * hours in `time_zone`, one entry per open span (`day` 0 = Sunday … 6 = Saturday, `from` before
 * `to`); none means always. Outside them a visitor who asks for a person gets the contact form.
 */
export const LiveChatSchema = v.object({
  enabled: v.boolean(C.invalidValue),
  time_zone: TimeZoneNameSchema,
  hours: v.pipe(
    v.array(
      v.pipe(
        v.object({
          day: v.pipe(v.number(C.invalidValue), v.integer(C.invalidValue), v.minValue(0), v.maxValue(6)),
          from: TimeOfDaySchema,
          to: TimeOfDaySchema,
        }),
        v.check((span) => span.from < span.to, C.endBeforeStart),
      ),
      C.invalidValue,
    ),
    v.maxLength(21, C.tooLong),
  ),
  wait_minutes: minutesSchema,
  notify_after_minutes: minutesSchema,
});
export type LiveChat = v.InferOutput<typeof LiveChatSchema>;

/** Live chat as an assistant starts: off, always open when turned on, the default waits. */
export const DEFAULT_LIVE_CHAT: LiveChat = {
  enabled: false,
  time_zone: 'UTC',
  hours: [],
  wait_minutes: DEFAULT_WAIT_MINUTES,
  notify_after_minutes: DEFAULT_NOTIFY_AFTER_MINUTES,
};

/** Snippet changes: each field optional, the others are kept. */
export const SnippetBodySchema = v.object({
  allowed_origins: v.optional(
    v.pipe(v.array(OriginSchema, C.invalidValue), v.maxLength(MAX_ALLOWED_ORIGINS, C.tooLong)),
  ),
  color: v.optional(v.pipe(v.string(C.invalidValue), v.trim(), v.regex(HEX_COLOR, C.invalidValue))),
  position: v.optional(v.picklist(SNIPPET_POSITIONS, C.invalidValue)),
  greeting: v.optional(v.pipe(v.string(C.invalidValue), v.trim(), v.maxLength(200, C.tooLong))),
});

/** `PUT institution-product/{id}` body: only the fields sent change. */
export const UpdateAssistantBodySchema = v.object({
  name: v.optional(requiredText(200)),
  suggested_questions: v.optional(
    v.pipe(
      v.array(requiredText(SUGGESTED_QUESTION_MAX_LENGTH), C.invalidValue),
      v.maxLength(MAX_SUGGESTED_QUESTIONS, C.tooLong),
    ),
  ),
  handoff: v.optional(v.nullable(HandoffBodySchema)),
  public_link_active: v.optional(v.boolean(C.invalidValue)),
  snippet: v.optional(SnippetBodySchema),
  live_chat: v.optional(LiveChatSchema),
});
export type UpdateAssistantBody = v.InferOutput<typeof UpdateAssistantBodySchema>;

/** `GET/PUT/POST institution-product` answer: the list item plus the assistant settings. */
export const AssistantDetailSchema = v.object({
  ...AssistantListItemSchema.entries,
  suggested_questions: v.array(v.string()),
  handoff: v.nullable(HandoffSchema),
  /**
   * True when the handoff e-mail is the address confirmed by its mailed link; visitors' contacts are
   * mailed only then. False when it waits for confirmation, or there is no address.
   */
  handoff_email_confirmed: v.boolean(),
  public_link_active: v.boolean(),
  snippet: SnippetSchema,
  live_chat: LiveChatSchema,
  /** The public chat's link and embed snippet; null for sales support, which has no public chat. */
  public_url: v.nullable(v.string()),
  embed_snippet: v.nullable(v.string()),
});
export type AssistantDetail = v.InferOutput<typeof AssistantDetailSchema>;

/** `GET/PUT institution-product/{id}/knowledge-base` body and answer. */
export const KnowledgeBaseSchema = v.object({
  text: v.pipe(v.string(C.invalidValue), v.maxLength(MAX_KNOWLEDGE_BASE_LENGTH, C.tooLong)),
});
export type KnowledgeBase = v.InferOutput<typeof KnowledgeBaseSchema>;

export const FaqSchema = v.object({
  /**
   * The saved FAQ's id (`GET` and `PUT …/faq` answer it). Sent back in a `PUT`, the FAQ keeps its
   * identity (the corrections that point to it, its vector while its text stays) however much of
   * it is edited; without one, or with one that is not among the assistant's FAQs, the FAQ is
   * matched by its question, then its answer, else it is new.
   */
  id: v.optional(v.pipe(v.number(C.invalidValue), v.integer(C.invalidValue), v.minValue(1, C.invalidValue))),
  question: requiredText(FAQ_QUESTION_MAX_LENGTH),
  answer: requiredText(FAQ_ANSWER_MAX_LENGTH),
});
export type Faq = v.InferOutput<typeof FaqSchema>;

/** `GET/PUT institution-product/{id}/faq` body and answer; a PUT replaces them all, in order. */
export const FaqsSchema = v.object({
  faqs: v.pipe(v.array(FaqSchema, C.invalidValue), v.maxLength(MAX_FAQS, C.tooLong)),
});
export type Faqs = v.InferOutput<typeof FaqsSchema>;
