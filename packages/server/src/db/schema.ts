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
export const regconfig = customType<{ data: string }>({ dataType: () => 'regconfig' });
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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

/** An assistant's FAQs, in `position` order; a save keeps the rows of FAQs that stay (assistants/faq-list.repo.ts). */
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
