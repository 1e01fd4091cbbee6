/**
 * Conversations and their messages (drizzle; docs/architecture.md#conversations): a visitor's
 * conversation with an assistant, who answers it now, its contact and overview; each message with
 * its sources, handoff, rating and correction. Beside `schema.ts`, as `sales-schema.ts` and
 * `team-schema.ts` are.
 */
import type { ConversationStatus, Correction, Rating, Source } from '@conversa/contract/chat';
import type { Contact, Overview } from '@conversa/contract/conversation';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { assistantRef, createdAt, institutionRef, users } from './schema';

/** A visitor's conversation with an assistant (public chat, widget, WhatsApp later). */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    institutionId: institutionRef(),
    assistantId: assistantRef(),
    channel: text('channel').notNull().default('web'),
    locale: text('locale').notNull(),
    createdAt: createdAt(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** Questions and answers so far (kept by each message's insert, for the list). */
    messageCount: integer('message_count').notNull().default(0),
    /** The visitor's first question. */
    firstQuestion: text('first_question'),
    /** A human was offered at least once. */
    handoff: boolean('handoff').notNull().default(false),
    /** The visitor's questions so far. */
    questions: integer('questions').notNull().default(0),
    /** Answers that did not say they did not know. */
    answered: integer('answered').notNull().default(0),
    /** Answers that offered a human. */
    handedOff: integer('handed_off').notNull().default(0),
    /** The questions whose answer did not know or offered a human, oldest first. */
    unanswered: text('unanswered')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** What the visitor left to be contacted (the contract's `Contact`). */
    contact: jsonb('contact').$type<Contact>(),
    /** The AI overview (the contract's `Overview`), made only when staff ask for it. */
    overview: jsonb('overview').$type<Overview>(),
    overviewAt: timestamp('overview_at', { withTimezone: true }),
    /** Who answers: the assistant, nobody yet (a person was asked for), or `agentId` (live takeover). */
    status: text('status').$type<ConversationStatus>().notNull().default('assistant'),
    /** The staff member holding the conversation while `human`. */
    agentId: integer('agent_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the status last changed (a waiting conversation's wait starts here). */
    statusAt: timestamp('status_at', { withTimezone: true }),
    /** Answers the visitor rated up and down (kept by each rating, for the list and the CSV). */
    ratedUp: integer('rated_up').notNull().default(0),
    ratedDown: integer('rated_down').notNull().default(0),
  },
  (t) => [
    // What messages' foreign key names (below): the tenant first, as in every index.
    uniqueIndex('conversations_tenant_idx').on(t.institutionId, t.id),
    index('conversations_product_idx').on(t.institutionId, t.assistantId, t.lastMessageAt),
    index('conversations_started_idx').on(t.institutionId, t.assistantId, t.createdAt),
    // The few conversations a person is asked for or holds: the "Needs a person" filter and badge.
    index('conversations_live_idx')
      .on(t.institutionId, t.assistantId, t.status)
      .where(sql`${t.status} <> 'assistant'`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    institutionId: institutionRef(),
    /** Its conversation: the foreign key (below) is (institution_id, conversation_id). */
    conversationId: uuid('conversation_id').notNull(),
    /** `user`, `assistant`, or `agent` (a staff member holding the conversation). */
    role: text('role').notNull(),
    /** The staff member who wrote an `agent` message, and their name as it was then. */
    agentId: integer('agent_id').references(() => users.id, { onDelete: 'set null' }),
    agentName: text('agent_name'),
    content: text('content').notNull(),
    sources: jsonb('sources').$type<Source[]>().notNull().default([]),
    /** The answer offered the handoff contact. */
    handoff: boolean('handoff').notNull().default(false),
    /** False for an answer that said it did not know (no passage was good enough). */
    answered: boolean('answered').notNull().default(true),
    createdAt: createdAt(),
    /** The visitor's rating of an answer (`up`, `down`), what was wrong, and when (issue 35). */
    rating: text('rating').$type<Rating>(),
    ratingReason: text('rating_reason'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    /** Staff corrected the answer into an FAQ (the contract's `Correction`). */
    corrected: jsonb('corrected').$type<Correction>(),
    /** Staff took the answer out of the review queue. */
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (t) => [
    // With the tenant, so a conversation's deletion finds its messages by messages_conversation_idx:
    // on conversation_id alone, PostgreSQL read the whole table for each conversation deleted (a
    // retention run of 100k conversations took over 20 minutes).
    foreignKey({
      name: 'messages_conversation_fk',
      columns: [t.institutionId, t.conversationId],
      foreignColumns: [conversations.institutionId, conversations.id],
    }).onDelete('cascade'),
    index('messages_conversation_idx').on(t.institutionId, t.conversationId, t.id),
    index('messages_created_idx').on(t.institutionId, t.createdAt),
    // The review queue and the dashboard's ratings (issue 35): the few answers rated, handed off
    // or not known, by day.
    index('messages_review_idx')
      .on(t.institutionId, t.createdAt)
      .where(sql`${t.role} = 'assistant' and (${t.rating} is not null or ${t.handoff} or not ${t.answered})`),
    // The few corrected answers: a save of the FAQ list that removes a correction's FAQ finds them.
    index('messages_corrected_idx')
      .on(t.institutionId)
      .where(sql`${t.corrected} is not null`),
    // The staff list's text search (`ilike '%…%'` in any message): trigrams (pg_trgm), so it reads
    // the few messages that can match instead of all of them. New messages wait in the index's
    // pending list, which every search reads through: kept small (256 kB, not 4 MB), since PGlite
    // has no autovacuum to empty it (at 100k conversations a full list made a search 170 ms, not 30).
    index('messages_content_trgm_idx')
      .using('gin', sql`${t.content} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 }),
  ],
);
