/**
 * The public chat (docs/architecture.md#knowledge-and-answers, #the-widget-and-public-pages): the assistant a visitor sees, the guest session, messages and the
 * server-sent events of an answer.
 */
import * as v from 'valibot';
import { HandoffSchema, SNIPPET_POSITIONS } from './assistant';
import { ValidationCode as C } from './codes';
import { LOCALES, MAX_MESSAGE_LENGTH } from './constants';

export { MAX_MESSAGE_LENGTH };
/** Public paths name the assistant by institution and this segment. */
export const PUBLIC_KINDS = ['admissions', 'retail'] as const;
export type PublicKind = (typeof PUBLIC_KINDS)[number];

/**
 * `GET public/{admissions|retail}/{institution_id}`. While the public link is switched off the
 * answer says only that: `name` and `logo` are null and `suggested_questions` empty, so walking
 * ids reveals no tenant.
 */
export const PublicAssistantSchema = v.object({
  /** Null when inactive. */
  name: v.nullable(v.string()),
  /** The institution's name, which the public page greets in; null when inactive. */
  institution_name: v.nullable(v.string()),
  /** The assistant's logo, else its institution's. */
  logo: v.nullable(v.string()),
  /** The assistant's suggested questions, else (none set) its first FAQs' questions: up to three. */
  suggested_questions: v.array(v.string()),
  /** False when the public link is switched off: show the docs/product.md#states text, no chat. */
  active: v.boolean(),
  /** The assistant's main language (the chat follows the browser's). */
  locale: v.picklist(LOCALES),
  /**
   * Live chat is on: the handoff card offers a person now (`POST public/conversation/{id}/handoff`
   * says whether one is there within office hours). False when inactive.
   */
  live_chat: v.boolean(),
});
export type PublicAssistant = v.InferOutput<typeof PublicAssistantSchema>;

/** The launcher's look (the snippet without its allowed origins). */
export const WidgetLookSchema = v.object({
  color: v.string(),
  position: v.picklist(SNIPPET_POSITIONS),
  /** Empty when the assistant is inactive. */
  greeting: v.string(),
});
export type WidgetLook = v.InferOutput<typeof WidgetLookSchema>;

/**
 * `GET public/assistant/{external_id}`: what the widget (which knows only the external id) shows,
 * with the public page it also has (`kind` null for an assistant without one, e.g. sales support).
 */
export const WidgetAssistantSchema = v.object({
  ...PublicAssistantSchema.entries,
  kind: v.nullable(v.picklist(PUBLIC_KINDS)),
  institution_id: v.number(),
  snippet: WidgetLookSchema,
});
export type WidgetAssistant = v.InferOutput<typeof WidgetAssistantSchema>;

/**
 * What the server renders into a chat page's `<script id="conversa-config">` (the embed frame
 * `/chat/{external_id}` and the public pages), read by the chat app (docs/architecture.md#the-widget-and-public-pages).
 */
export interface ChatPageConfig {
  /** `frame`: inside embed.js's iframe (close button, postMessage); `page`: a full public page. */
  mode: 'frame' | 'page';
  /** The embed snippet's id of the assistant. */
  external_id: string;
  /** Where the API lives (`/api`). */
  api: string;
  /** The embedding page's origin, checked against the allowed origins (frame only): the one it talks to. */
  parent_origin: string | null;
  /** The assistant as `GET public/assistant/{external_id}` answers it: the chat shows it without asking. */
  assistant: WidgetAssistant | null;
}

/** `POST public/{admissions|retail}/{institution_id}/session` and `POST public/assistant/{external_id}/session`. */
export const ChatSessionSchema = v.object({ token: v.string(), conversation_id: v.string() });
export type ChatSession = v.InferOutput<typeof ChatSessionSchema>;

/** `POST public/conversation/{id}/message` body. */
export const ChatMessageBodySchema = v.object({
  text: v.pipe(
    v.string(C.required),
    v.trim(),
    v.minLength(1, C.required),
    v.maxLength(MAX_MESSAGE_LENGTH, C.tooLong),
  ),
});
export type ChatMessageBody = v.InferOutput<typeof ChatMessageBodySchema>;

/** Where a passage of an answer came from. */
export const SourceSchema = v.object({
  kind: v.picklist(['faq', 'file', 'knowledge_base', 'website']),
  /** The file name, the FAQ's question, a website page's title (else its URL), or null for the knowledge-base text. */
  title: v.nullable(v.string()),
  file_id: v.nullable(v.number()),
  /** A website page's address (kind `website`), to cite it with a link. */
  url: v.optional(v.string()),
});
export type Source = v.InferOutput<typeof SourceSchema>;

/**
 * Who answers a conversation (docs/product.md#live-conversations): the assistant; nobody yet (the
 * visitor asked for a person, who has not taken it); or the staff member holding it.
 */
export const CONVERSATION_STATUSES = ['assistant', 'waiting', 'human'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
export const ConversationStatusSchema = v.picklist(CONVERSATION_STATUSES, C.invalidValue);

/** A visitor's rating of an answer (issue 35). */
export const RATINGS = ['up', 'down'] as const;
export type Rating = (typeof RATINGS)[number];
export const RatingSchema = v.picklist(RATINGS, C.invalidValue);

/**
 * An answer staff corrected: who, when, and the FAQ that now answers its question (`faq_id` null
 * once that FAQ was removed from the list).
 */
export const CorrectionSchema = v.object({
  by: v.object({ id: v.number(), full_name: v.string() }),
  at: v.string(),
  faq_id: v.nullable(v.number()),
});
export type Correction = v.InferOutput<typeof CorrectionSchema>;

export const ChatMessageSchema = v.object({
  id: v.number(),
  /** The visitor, the assistant, or a staff member who took the conversation over (`agent`). */
  role: v.picklist(['user', 'assistant', 'agent']),
  text: v.string(),
  /** The staff member's name, on an `agent` message. */
  agent_name: v.optional(v.nullable(v.string())),
  sources: v.array(SourceSchema),
  /** The assistant offered a human: show the handoff card. */
  handoff: v.nullable(HandoffSchema),
  created_at: v.string(),
  /** The visitor's rating of an answer, and what they said was wrong (absent: none). */
  rating: v.optional(v.nullable(RatingSchema)),
  rating_reason: v.optional(v.nullable(v.string())),
  /** Staff corrected the answer (the transcript only; visitors never see it). */
  corrected: v.optional(v.nullable(CorrectionSchema)),
});
export type ChatMessage = v.InferOutput<typeof ChatMessageSchema>;

/** `GET public/conversation/{id}`. */
export const ConversationSchema = v.object({
  id: v.string(),
  messages: v.array(ChatMessageSchema),
  /** Who answers it now: the chat follows a person's replies while it is not `assistant`. */
  status: ConversationStatusSchema,
});
export type Conversation = v.InferOutput<typeof ConversationSchema>;

/**
 * The events of `POST public/conversation/{id}/message` (text/event-stream), in this order:
 * `token` (repeated), `sources`, `handoff` (only when a human is offered), then `done`; or `error`
 * at any point, after which the stream ends.
 */
export const ChatEvents = {
  token: v.object({ text: v.string() }),
  sources: v.object({ sources: v.array(SourceSchema) }),
  handoff: HandoffSchema,
  /**
   * The end. While a person holds the conversation (or one was asked for) the assistant does not
   * answer: the stream is only `done`, with no `message_id`, and `status` says who will.
   */
  done: v.object({
    message_id: v.optional(v.number()),
    user_message_id: v.number(),
    status: v.optional(ConversationStatusSchema),
  }),
  error: v.object({ code: v.string(), message: v.string() }),
} as const;
export type ChatEventName = keyof typeof ChatEvents;
export type ChatEvent = {
  [K in ChatEventName]: { event: K; data: v.InferOutput<(typeof ChatEvents)[K]> };
}[ChatEventName];

/**
 * The events of `GET public/conversation/{id}/events` (text/event-stream), while a person may answer:
 * `message` (a staff member's reply, its `id` the event's id), `status` (who answers now, sent first
 * on every connection), `typing` (the person is writing). A reconnection with `Last-Event-ID` gets
 * the replies it missed.
 */
export const LiveEvents = {
  message: ChatMessageSchema,
  status: v.object({
    status: ConversationStatusSchema,
    agent_name: v.nullable(v.string()),
    /** `no_one_answered`: the wait ran out; the chat offers the contact form. */
    reason: v.optional(v.picklist(['no_one_answered'])),
  }),
  typing: v.object({ agent_name: v.string() }),
} as const;
export type LiveEventName = keyof typeof LiveEvents;
export type LiveEvent = {
  [K in LiveEventName]: { event: K; data: v.InferOutput<(typeof LiveEvents)[K]> };
}[LiveEventName];

/** The staff stream's event of a conversation: a visitor's message or a change of who answers. */
export const CONVERSATION_EVENT = 'conversation';
export const ConversationEventSchema = v.object({
  institution_product_id: v.number(),
  conversation_id: v.string(),
  status: ConversationStatusSchema,
  /** The message that came (the visitor's, or a reply), if the event is one. */
  message_id: v.nullable(v.number()),
});
export type ConversationEvent = v.InferOutput<typeof ConversationEventSchema>;
