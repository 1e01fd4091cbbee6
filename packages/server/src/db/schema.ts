/**
 * The database schema (drizzle). Every tenant-owned table carries `institution_id`, leading its
 * indexes, so it can later be distributed by institution (docs/architecture.md#tenancy-and-auth, #scale). Migrations in ../drizzle
 * are generated from this file with `pnpm --filter @conversa/server db:generate` and committed.
 */
import {
  DEFAULT_LIVE_CHAT,
  DEFAULT_SNIPPET,
  type Handoff,
  type LiveChat,
  type Snippet,
} from '@conversa/contract/assistant';
import { sql } from 'drizzle-orm';
import type { ConversationStatus, Correction, Rating, Source } from '@conversa/contract/chat';
import type { Contact, Overview } from '@conversa/contract/conversation';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A text-search configuration name (`spanish`, `english`, `simple`). */
const regconfig = customType<{ data: string }>({ dataType: () => 'regconfig' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** The tenant of a row (docs/architecture.md#tenancy-and-auth: every tenant-owned row carries it); its rows go with it. */
export const institutionRef = () =>
  integer('institution_id')
    .notNull()
    .references(() => institutions.id, { onDelete: 'cascade' });
/** The assistant (institution product) a row belongs to; its rows go with it. */
export const assistantRef = () =>
  integer('product_id')
    .notNull()
    .references(() => assistants.id, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    /** Null for accounts that only sign in with Google or Microsoft. */
    passwordHash: text('password_hash'),
    fullName: text('full_name').notNull().default(''),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phoneNumber: text('phone_number'),
    country: text('country'),
    city: text('city'),
    position: text('position'),
    locale: text('locale').notNull().default('en'),
    /**
     * When the address was proved to be the user's: by our sign-up code or reset link, or by a
     * provider that vouches for it. Null: unproved, so ADMIN_EMAILS does not apply to it.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Granted platform admin (besides ADMIN_EMAILS, which needs a verified address). */
    isAdmin: boolean('is_admin').notNull().default(false),
    /** The institution the user last acted in: the session's `institution_id`. */
    lastInstitutionId: integer('last_institution_id'),
    /** The last authenticated call, written at most every few minutes (auth/last-active.ts). */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

/** Third-party identities, keyed on (provider, subject); never linked by e-mail alone. */
export const identities = pgTable(
  'identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('identities_user_idx').on(t.userId)],
);

/**
 * One row per sign-in, named by its access tokens' `jti`: logout and password change revoke rows;
 * `expires_at` is the absolute end, `last_seen_at` the last request (the idle timeout counts from it).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const institutions = pgTable(
  'institutions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    websiteUrl: text('website_url'),
    students: text('students'),
    country: text('country'),
    location: text('location'),
    logo: text('logo'),
    /** Who created it: the institutions quota counts these (`MAX_INSTITUTIONS_PER_USER`). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The admin's list pages by name; the quota counts by creator.
  (t) => [
    index('institutions_name_idx').on(t.name, t.id),
    index('institutions_created_by_idx').on(t.createdBy),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    institutionId: institutionRef(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.institutionId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);

export const assistants = pgTable(
  'institution_products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    institutionId: institutionRef(),
    externalId: uuid('external_id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    type: text('type').notNull(),
    name: text('name').notNull(),
    logo: text('logo'),
    suggestedQuestions: jsonb('suggested_questions').$type<string[]>().notNull().default([]),
    handoff: jsonb('handoff').$type<Handoff>(),
    publicLinkActive: boolean('public_link_active').notNull().default(true),
    snippet: jsonb('snippet').$type<Snippet>().notNull().default(DEFAULT_SNIPPET),
    /** Live chat: on or off, office hours and waits (the contract's `LiveChat`). */
    liveChat: jsonb('live_chat').$type<LiveChat>().notNull().default(DEFAULT_LIVE_CHAT),
    knowledgeBase: text('knowledge_base').notNull().default(''),
    /**
     * The handoff address its owner confirmed by the mailed link (docs/architecture.md#conversations):
     * contact mails go only to `handoff.email` when it is this address.
     */
    handoffConfirmedEmail: text('handoff_confirmed_email'),
    handoffConfirmedAt: timestamp('handoff_confirmed_at', { withTimezone: true }),
    /** The pending confirmation: the SHA-256 of the mailed token (never the token), its address and end. */
    handoffTokenHash: text('handoff_token_hash'),
    handoffTokenEmail: text('handoff_token_email'),
    handoffTokenExpiresAt: timestamp('handoff_token_expires_at', { withTimezone: true }),
    /**
     * Bumped with every write of the assistant's chunks or FAQs (knowledge/index.repo.ts): each
     * process's sentence index of the knowledge is read again when it differs.
     */
    knowledgeVersion: integer('knowledge_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('institution_products_institution_idx').on(t.institutionId, t.id),
    uniqueIndex('institution_products_external_id_key').on(t.externalId),
    // The confirmation page finds its assistant by the token alone, as the invitation page does.
    uniqueIndex('institution_products_handoff_token_key').on(t.handoffTokenHash),
  ],
);

/** An assistant's FAQs, in `position` order; a save replaces them all. */
export const assistantFaqs = pgTable(
  'product_faqs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    institutionId: institutionRef(),
    assistantId: assistantRef(),
    position: integer('position').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    /** The FAQ's language, detected on save. */
    language: regconfig('language').notNull().default('simple'),
    /** Question words weigh more than answer words; `simple` lexemes match across languages. */
    tsv: tsvector('tsv').generatedAlwaysAs(
      sql`setweight(to_tsvector(language, question), 'A') || setweight(to_tsvector(language, answer), 'B') || setweight(to_tsvector('simple'::regconfig, question), 'C')`,
    ),
  },
  (t) => [
    index('product_faqs_product_idx').on(t.institutionId, t.assistantId, t.position),
    index('product_faqs_tsv_idx').using('gin', t.tsv),
  ],
);

/** An uploaded file (TXT, DOCX, PDF); its bytes live in storage under `storage_key`. */
export const assistantFiles = pgTable(
  'product_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    institutionId: institutionRef(),
    assistantId: assistantRef(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    /** `processing`, `ready` or `failed`. */
    state: text('state').notNull().default('processing'),
    /** Why it failed (contract FILE_FAILURE_REASONS). */
    reason: text('reason'),
    pages: integer('pages'),
    chars: integer('chars'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('product_files_product_idx').on(t.institutionId, t.assistantId, t.id)],
);

/**
 * Indexed passages of an assistant's knowledge: its files and its knowledge-base text. `tsv` holds
 * the stems of the passage's language plus `simple` lexemes, so a question still matches when its
 * language differs or was guessed wrong.
 */
export const knowledgeChunks = pgTable(
  'knowledge_chunks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    institutionId: institutionRef(),
    assistantId: assistantRef(),
    /** Null for knowledge-base text. */
    fileId: integer('file_id').references(() => assistantFiles.id, { onDelete: 'cascade' }),
    /** A website page's passages (`website_pages`, on delete cascade: the key is in migration 0026). */
    pageId: bigint('page_id', { mode: 'number' }),
    /** `file`, `knowledge_base` or `website`. */
    source: text('source').notNull(),
    position: integer('position').notNull(),
    content: text('content').notNull(),
    language: regconfig('language').notNull(),
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector(language, content) || to_tsvector('simple'::regconfig, content)`),
  },
  (t) => [
    index('knowledge_chunks_product_idx').on(t.institutionId, t.assistantId, t.fileId, t.position),
    index('knowledge_chunks_page_idx').on(t.pageId),
    index('knowledge_chunks_tsv_idx').using('gin', t.tsv),
  ],
);

/**
 * How many chunks of a file (or of the knowledge-base text) hold each lexeme of their `tsv`, written
 * with the chunks (`ts_stat`): retrieval weighs a question's words by how rare they are in the
 * assistant's knowledge (IDF). The row with the empty lexeme (never a real one) counts the chunks.
 */
export const knowledgeTerms = pgTable(
  'knowledge_terms',
  {
    institutionId: institutionRef(),
    assistantId: assistantRef(),
    /** Null for knowledge-base text. */
    fileId: integer('file_id').references(() => assistantFiles.id, { onDelete: 'cascade' }),
    /** A website page's terms (on delete cascade, as its chunks). */
    pageId: bigint('page_id', { mode: 'number' }),
    /** `file`, `knowledge_base` or `website`. */
    source: text('source').notNull(),
    lexeme: text('lexeme').notNull(),
    chunks: integer('chunks').notNull(),
  },
  (t) => [
    index('knowledge_terms_scope_idx').on(t.institutionId, t.assistantId, t.fileId),
    index('knowledge_terms_page_idx').on(t.pageId),
  ],
);

/**
 * `knowledge_terms` summed per assistant and lexeme, kept by a trigger on it (migration 0011):
 * retrieval reads one row per word instead of one per file. It counts every file's chunks, ready
 * or not (a file processed again keeps its old chunks meanwhile): word weights, not passages.
 */
export const knowledgeTermTotals = pgTable(
  'knowledge_term_totals',
  {
    institutionId: institutionRef(),
    assistantId: assistantRef(),
    lexeme: text('lexeme').notNull(),
    chunks: integer('chunks').notNull(),
  },
  (t) => [primaryKey({ columns: [t.institutionId, t.assistantId, t.lexeme] })],
);

/**
 * The background job queue (docs/architecture.md#knowledge-and-answers, #scale), on the database itself so it works on PGlite and on
 * PostgreSQL alike: a worker claims a due job with `FOR UPDATE SKIP LOCKED` and a lease
 * (`locked_until`); a job whose lease ran out (its process died) is claimed again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    institutionId: integer('institution_id').references(() => institutions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** `queued`, `running`, `done` or `failed`. */
    state: text('state').notNull().default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    maxAttempts: smallint('max_attempts').notNull().default(3),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    /** When it was last claimed: the institution served longest ago goes first (fair claims). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_due_idx').on(t.state, t.runAt),
    // Fair claims (jobs without an institution count as tenant 0): an institution's oldest due
    // job, over live jobs only, and its last claim, one index probe.
    index('jobs_tenant_due_idx')
      .on(sql`coalesce(${t.institutionId}, 0)`, t.runAt, t.id)
      .where(sql`${t.state} in ('queued', 'running')`),
    index('jobs_tenant_claimed_idx').on(sql`coalesce(${t.institutionId}, 0)`, t.claimedAt),
  ],
);

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
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
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
    index('messages_conversation_idx').on(t.institutionId, t.conversationId, t.id),
    index('messages_created_idx').on(t.institutionId, t.createdAt),
    // The review queue and the dashboard's ratings (issue 35): the few answers rated, handed off
    // or not known, by day.
    index('messages_review_idx')
      .on(t.institutionId, t.createdAt)
      .where(sql`${t.role} = 'assistant' and (${t.rating} is not null or ${t.handoff} or not ${t.answered})`),
    // The staff list's text search (`ilike '%…%'` in any message): trigrams (pg_trgm), so it reads
    // the few messages that can match instead of all of them. New messages wait in the index's
    // pending list, which every search reads through: kept small (256 kB, not 4 MB), since PGlite
    // has no autovacuum to empty it (at 100k conversations a full list made a search 170 ms, not 30).
    index('messages_content_trgm_idx')
      .using('gin', sql`${t.content} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 }),
  ],
);

/** The live sign-up code of an address (one at a time; a resend replaces it). */
export const emailVerifications = pgTable('email_verifications', {
  email: text('email').primaryKey(),
  codeHash: text('code_hash').notNull(),
  locale: text('locale').notNull(),
  attempts: smallint('attempts').notNull().default(0),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Password reset tokens, stored as SHA-256 of the random token; single use. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * Sign-in nonces already used, by their random part, kept until they would have expired anyway:
 * a second ID token with the same nonce finds its row. Issued nonces are signed, not stored.
 */
export const usedSignInNonces = pgTable(
  'used_sign_in_nonces',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_sign_in_nonces_expires_idx').on(t.expiresAt)],
);

/** Rate-limit events (sliding windows), in the database so limits hold across processes. */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_events_key_at_idx').on(t.key, t.at)],
);

/**
 * The audit log: who (user, null when unknown) did what (`sign_in`, `deleted`, …), when, in which
 * institution, from which IP, with a small JSON detail that never holds a secret. No foreign keys:
 * events outlive the users and institutions they name. Kept 180 days (audit/audit.service.ts).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    action: text('action').notNull(),
    institutionId: integer('institution_id'),
    ip: text('ip'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_events_institution_idx').on(t.institutionId, t.at),
    index('audit_events_user_idx').on(t.userId, t.at),
    index('audit_events_at_idx').on(t.at),
  ],
);

// ---- Sales support (docs/architecture.md#sales-support) ----

/** A seller's number allowed to use a sales-support assistant on WhatsApp (E.164, one row per number). */
export const allowedNumbers = pgTable(
  'allowed_numbers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    institutionId: institutionRef(),
    assistantId: assistantRef(),
    phoneNumber: text('phone_number').notNull(),
    sellerName: text('seller_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('allowed_numbers_number_key').on(t.institutionId, t.assistantId, t.phoneNumber),
    index('allowed_numbers_list_idx').on(t.institutionId, t.assistantId, t.id),
  ],
);
