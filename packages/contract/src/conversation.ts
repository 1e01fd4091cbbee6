/**
 * Conversations as staff see them (docs/product.md#what-things-hold): the list and its filters, a
 * transcript, the AI overview made on demand, the contact a visitor leaves, and the dashboard.
 */
import * as v from 'valibot';
import { HandoffSchema } from './assistant';
import { ChatMessageBodySchema, ChatMessageSchema, ConversationStatusSchema, SourceSchema } from './chat';
import { ValidationCode as C } from './codes';
import { PaginationQuerySchema } from './common';
import { LOCALES } from './constants';
import { withRange } from './date-range';
import { EmailSchema, idsBodySchema } from './fields';

/** The dashboard's top and unanswered questions come from this many of the range's latest conversations. */
export const DASHBOARD_SAMPLE = 5_000;
/** Lengths of what a visitor leaves in the contact form. */
export const CONTACT_NAME_MAX = 120;
export const CONTACT_MESSAGE_MAX = 2_000;
/** A visitor is told a person is typing at most once in this many milliseconds per conversation. */
export const TYPING_EVERY_MS = 2_000;

/** `GET institution-product/{id}/dashboard` query. */
export const DateRangeQuerySchema = withRange({});
export type DateRangeQuery = v.InferOutput<typeof DateRangeQuerySchema>;

/** A yes-only filter: `true` keeps the matching rows; absent (or `false`) keeps all. */
const FlagSchema = v.optional(
  v.pipe(
    v.picklist(['true', 'false'], C.invalidValue),
    v.transform((s) => s === 'true'),
  ),
  'false',
);

export { CONVERSATION_STATUSES, type ConversationStatus, ConversationStatusSchema } from './chat';

/** The staff member holding a conversation. */
export const ConversationAgentSchema = v.object({ id: v.number(), full_name: v.string() });
export type ConversationAgent = v.InferOutput<typeof ConversationAgentSchema>;

const listFilters = {
  /** Text in any message of the conversation. */
  q: v.optional(v.pipe(v.string(C.invalidValue), v.trim(), v.maxLength(200, C.tooLong)), ''),
  /** Only conversations where a human was offered. */
  handoff: FlagSchema,
  /** Only conversations where the visitor left a contact. */
  contact: FlagSchema,
  /** Only conversations in this state (`waiting`: "Needs a person"). */
  status: v.optional(ConversationStatusSchema),
};

/** `GET institution-product/{id}/conversation/download` query: the list's filters. */
export const ConversationFiltersSchema = withRange(listFilters);
export type ConversationFilters = v.InferOutput<typeof ConversationFiltersSchema>;

/** `GET institution-product/{id}/conversation` query: the filters and the page. */
export const ConversationListQuerySchema = withRange({ ...PaginationQuerySchema.entries, ...listFilters });
export type ConversationListQuery = v.InferOutput<typeof ConversationListQuerySchema>;

/** What a visitor left to be contacted, as stored. */
export const ContactSchema = v.object({
  name: v.string(),
  email: v.nullable(v.string()),
  /** E.164, read with the institution's country as the default. */
  phone: v.nullable(v.string()),
  message: v.nullable(v.string()),
  created_at: v.string(),
});
export type Contact = v.InferOutput<typeof ContactSchema>;

/**
 * `POST public/conversation/{id}/contact` body. An e-mail or a phone must be given, and consent;
 * the phone is checked on the server, which knows the institution's country.
 */
export const ContactBodySchema = v.pipe(
  v.object({
    name: v.pipe(
      v.string(C.required),
      v.trim(),
      v.nonEmpty(C.required),
      v.maxLength(CONTACT_NAME_MAX, C.tooLong),
    ),
    email: v.optional(
      v.nullable(
        v.pipe(
          v.string(C.invalidEmail),
          v.trim(),
          v.transform((s) => (s === '' ? null : s)),
          v.nullable(EmailSchema),
        ),
      ),
      null,
    ),
    phone: v.optional(
      v.nullable(
        v.pipe(
          v.string(C.invalidPhone),
          v.trim(),
          v.maxLength(40, C.invalidPhone),
          v.transform((s) => (s === '' ? null : s)),
        ),
      ),
      null,
    ),
    message: v.optional(
      v.nullable(
        v.pipe(
          v.string(C.invalidValue),
          v.trim(),
          v.maxLength(CONTACT_MESSAGE_MAX, C.tooLong),
          v.transform((s) => (s === '' ? null : s)),
        ),
      ),
      null,
    ),
    consent: v.literal(true, C.consentRequired),
  }),
  v.forward(
    v.check((body) => body.email !== null || body.phone !== null, C.emailOrPhoneRequired),
    ['email'],
  ),
);
export type ContactBody = v.InferOutput<typeof ContactBodySchema>;
/** What a client sends as a visitor filled it in: the server checks it (an unticked consent too). */
export type ContactBodyInput = Omit<v.InferInput<typeof ContactBodySchema>, 'consent'> & { consent: boolean };

/** What a conversation was mostly about. */
export const INTENTS = [
  'information',
  'visit',
  'enrolment',
  'purchase',
  'price',
  'complaint',
  'other',
] as const;
export type Intent = (typeof INTENTS)[number];
export const URGENCIES = ['low', 'medium', 'high'] as const;
export type Urgency = (typeof URGENCIES)[number];

/** The AI overview of a conversation: absent until staff ask for one. */
export const OverviewSchema = v.object({
  summary: v.string(),
  intent: v.picklist(INTENTS),
  /** Programmes, grades or products asked about. */
  topics: v.array(v.string()),
  unanswered_questions: v.array(v.string()),
  /** Found in the conversation or left in the form. */
  contact: v.object({
    name: v.nullable(v.string()),
    email: v.nullable(v.string()),
    phone: v.nullable(v.string()),
  }),
  urgency: v.picklist(URGENCIES),
  next_step: v.string(),
  /** The conversation's language. */
  language: v.picklist(LOCALES),
  generated_at: v.string(),
  /** `llm`: the configured model; `extractive`: the rules of the messages alone. */
  generator: v.picklist(['llm', 'extractive']),
});
export type Overview = v.InferOutput<typeof OverviewSchema>;

/** A row of the conversation list. */
export const ConversationListItemSchema = v.object({
  id: v.string(),
  started_at: v.string(),
  last_interaction_at: v.string(),
  /** Questions and answers. */
  message_count: v.number(),
  first_question: v.nullable(v.string()),
  locale: v.picklist(LOCALES),
  /** A human was offered. */
  handoff: v.boolean(),
  contact: v.nullable(ContactSchema),
  has_overview: v.boolean(),
  status: ConversationStatusSchema,
  agent: v.nullable(ConversationAgentSchema),
  /** Answers the visitor rated up and down. */
  rated_up: v.number(),
  rated_down: v.number(),
});
export type ConversationListItem = v.InferOutput<typeof ConversationListItemSchema>;

/** `GET conversation/{id}`: the transcript as the visitor saw it. */
export const ConversationDetailSchema = v.object({
  id: v.string(),
  institution_product_id: v.number(),
  started_at: v.string(),
  last_interaction_at: v.string(),
  locale: v.picklist(LOCALES),
  messages: v.array(ChatMessageSchema),
  contact: v.nullable(ContactSchema),
  overview: v.nullable(OverviewSchema),
  status: ConversationStatusSchema,
  agent: v.nullable(ConversationAgentSchema),
});
export type ConversationDetail = v.InferOutput<typeof ConversationDetailSchema>;

/** `POST conversation/delete` body. */
export const DeleteConversationsBodySchema = idsBodySchema(
  v.pipe(v.string(C.invalidValue), v.uuid(C.invalidValue)),
);
export type DeleteConversationsBody = v.InferOutput<typeof DeleteConversationsBodySchema>;

/** `GET institution-product/{id}/dashboard`. */
export const DashboardSchema = v.object({
  conversations: v.number(),
  /** Visitors' questions. */
  questions: v.number(),
  /** Questions answered from the knowledge (not an "I don't know"). */
  answered: v.number(),
  /** Answers that offered a human. */
  handed_off: v.number(),
  /** Conversations where the visitor left a contact. */
  contacts: v.number(),
  median_messages: v.number(),
  /** Answers visitors rated, and those rated up (issue 35), by the day of the answer. */
  rated: v.number(),
  rated_up: v.number(),
  /** Rated up ÷ rated, 0..1; null when nothing was rated. */
  satisfaction: v.nullable(v.number()),
  /** Answers of the range still in the review queue (neither corrected nor dismissed). */
  to_review: v.number(),
  per_day: v.array(
    v.object({
      date: v.string(),
      conversations: v.number(),
      questions: v.number(),
      handed_off: v.number(),
      rated: v.number(),
      rated_up: v.number(),
      to_review: v.number(),
    }),
  ),
  top_questions: v.array(v.object({ text: v.string(), count: v.number() })),
  /** Questions the assistant could not answer, grouped by similarity; a sample conversation each. */
  unanswered: v.array(v.object({ question: v.string(), count: v.number(), conversation_id: v.string() })),
});
export type Dashboard = v.InferOutput<typeof DashboardSchema>;

/** `POST institution-product/{id}/preview` body: a question asked in the trainer's "try it". */
export const PreviewBodySchema = v.object({
  text: ChatMessageBodySchema.entries.text,
  /** The preview conversation to go on with (its follow-ups read the question before); none starts one. */
  conversation_id: v.optional(v.nullable(v.pipe(v.string(C.invalidValue), v.uuid(C.invalidValue)))),
});
export type PreviewBody = v.InferOutput<typeof PreviewBodySchema>;

/** A passage the answer looked at, and why it was given to the answer or not. */
export const PreviewPassageSchema = v.object({
  source: SourceSchema,
  /** The start of its text (an FAQ: its answer). */
  excerpt: v.string(),
  /** How many of the question's content words it holds. */
  hits: v.number(),
  /** The share (0..1) of the question words' weight it holds. */
  support: v.number(),
  /** An FAQ whose question covers the question: answered with its own answer. */
  strong: v.boolean(),
  /** Given to the answer: quoted from, or given to the language model. */
  used: v.boolean(),
});
export type PreviewPassage = v.InferOutput<typeof PreviewPassageSchema>;

/** How an answer was made: an FAQ's own answer, the language model, an extract, or nothing good enough. */
export const ANSWER_METHODS = ['faq', 'llm', 'extractive', 'not_found'] as const;
export type AnswerMethod = (typeof ANSWER_METHODS)[number];

/** The trainer's "try it" answer: what a visitor would get, and why. */
export const PreviewAnswerSchema = v.object({
  conversation_id: v.string(),
  /** The stored answer's id (Try it's Correct names it, issue 35). */
  message_id: v.number(),
  text: v.string(),
  sources: v.array(SourceSchema),
  handoff: v.nullable(HandoffSchema),
  answered: v.boolean(),
  method: v.picklist(ANSWER_METHODS),
  /** The question's content words: what a passage must hold. */
  words: v.array(v.string()),
  /** Those the knowledge never mentions; when they weigh most of the question, it is not answered. */
  unknown_words: v.array(v.string()),
  /**
   * How likely (0..1) the knowledge answers the question, as the answer's gate reckons it from the
   * best sentences found; under `needed_confidence` the assistant says it does not know.
   */
  confidence: v.number(),
  needed_confidence: v.number(),
  /** A short follow-up read together with the question before it. */
  follow_up: v.boolean(),
  /** The question as looked up in the knowledge's language, when it was asked in the other (with a model). */
  translation: v.nullable(v.string()),
  passages: v.array(PreviewPassageSchema),
});
export type PreviewAnswer = v.InferOutput<typeof PreviewAnswerSchema>;

/** `POST conversation/{id}/takeover` body: `force` takes it from a colleague (`team.manage` only). */
export const TakeoverBodySchema = v.object({ force: v.optional(v.boolean(C.invalidValue), false) });
export type TakeoverBody = v.InferOutput<typeof TakeoverBodySchema>;

/** `POST conversation/{id}/takeover` and `…/release` answer: the state it is in now. */
export const ConversationStateSchema = v.object({
  status: ConversationStatusSchema,
  agent: v.nullable(ConversationAgentSchema),
});
export type ConversationState = v.InferOutput<typeof ConversationStateSchema>;

/** `POST conversation/{id}/reply` body: what the staff member holding it says. */
export const ReplyBodySchema = ChatMessageBodySchema;
export type ReplyBody = v.InferOutput<typeof ReplyBodySchema>;

/** `POST public/conversation/{id}/handoff` answer: `live` when a person may answer now. */
export const PersonRequestSchema = v.object({ status: ConversationStatusSchema, live: v.boolean() });
export type PersonRequest = v.InferOutput<typeof PersonRequestSchema>;

/** `POST conversation/{id}/typing` answer: whether the visitor was told (at most once in a few seconds). */
export const TypingResultSchema = v.object({ sent: v.boolean() });
export type TypingResult = v.InferOutput<typeof TypingResultSchema>;

/**
 * `GET institution/{id}/live`: each assistant's conversations that a person is asked for
 * (`waiting`, the sidebar's badge) or holds (`human`); assistants with none are left out.
 */
export const LiveCountsSchema = v.array(
  v.object({ institution_product_id: v.number(), waiting: v.number(), human: v.number() }),
);
export type LiveCounts = v.InferOutput<typeof LiveCountsSchema>;
