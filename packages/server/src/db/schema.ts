/**
 * The database schema (drizzle). Every tenant-owned table carries `institution_id`, leading its
 * indexes, so it can later be distributed by institution (DESIGN §4, §8). Migrations in ../drizzle
 * are generated from this file with `pnpm --filter @conversa/server db:generate` and committed.
 */
import { DEFAULT_SNIPPET, type Handoff, type Snippet } from '@conversa/contract/assistant';
import { sql } from 'drizzle-orm';
import {
  boolean,
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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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
    /** Granted platform admin (besides ADMIN_EMAILS). */
    isAdmin: boolean('is_admin').notNull().default(false),
    /** The institution the user last acted in: the session's `institution_id`. */
    lastInstitutionId: integer('last_institution_id'),
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

/** One row per issued staff token (its `jti`): logout and password change revoke rows. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The admin's list pages by name.
  (t) => [index('institutions_name_idx').on(t.name, t.id)],
);

export const memberships = pgTable(
  'memberships',
  {
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.institutionId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);

export const institutionProducts = pgTable(
  'institution_products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
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
    knowledgeBase: text('knowledge_base').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('institution_products_institution_idx').on(t.institutionId, t.id),
    uniqueIndex('institution_products_external_id_key').on(t.externalId),
  ],
);

/** A product's FAQs, in `position` order; a save replaces them all. */
export const productFaqs = pgTable(
  'product_faqs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => institutionProducts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
  },
  (t) => [index('product_faqs_product_idx').on(t.institutionId, t.productId, t.position)],
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
