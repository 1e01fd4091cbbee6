/**
 * The conversations' figures kept as they happen (docs/architecture.md#conversations): per quarter
 * hour and per hour, by triggers on `conversations` and `messages` (migrations 0009, 0010), so that
 * dashboards and list totals sum a few rows instead of reading every conversation.
 */
import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { assistantRef, institutionRef } from './schema';

/** The columns of `conversation_stats` and its hourly twin: the figures of one bucket of time. */
const statsColumns = () => ({
  institutionId: institutionRef(),
  assistantId: assistantRef(),
  bucket: timestamp('bucket', { withTimezone: true }).notNull(),
  conversations: integer('conversations').notNull().default(0),
  contacts: integer('contacts').notNull().default(0),
  questions: integer('questions').notNull().default(0),
  answered: integer('answered').notNull().default(0),
  handedOff: integer('handed_off').notNull().default(0),
});

/** The columns of `conversation_lengths` and its hourly twin. */
const lengthsColumns = () => ({
  institutionId: institutionRef(),
  assistantId: assistantRef(),
  bucket: timestamp('bucket', { withTimezone: true }).notNull(),
  messages: integer('messages').notNull(),
  conversations: integer('conversations').notNull().default(0),
});

/**
 * The dashboard's figures of an assistant per quarter hour (`bucket`) of its conversations' start:
 * kept by triggers on `conversations` (migration 0009), so a dashboard over any range and any time
 * zone sums a few thousand rows instead of reading every conversation. Preview conversations are
 * not counted.
 */
export const conversationStats = pgTable('conversation_stats', statsColumns(), (t) => [
  primaryKey({ columns: [t.institutionId, t.assistantId, t.bucket] }),
]);

/**
 * An assistant's conversations in all, handed off, with a contact, and both: the list's total when
 * it has no date or text filter, without counting rows. Kept like `conversation_stats`.
 */
export const conversationTotals = pgTable(
  'conversation_totals',
  {
    institutionId: institutionRef(),
    assistantId: assistantRef(),
    conversations: integer('conversations').notNull().default(0),
    handedOff: integer('handed_off').notNull().default(0),
    contacts: integer('contacts').notNull().default(0),
    handedOffContacts: integer('handed_off_contacts').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.institutionId, t.assistantId] })],
);

/** How many conversations of a quarter hour have each length (for the median), kept like `conversation_stats`. */
export const conversationLengths = pgTable('conversation_lengths', lengthsColumns(), (t) => [
  primaryKey({ columns: [t.institutionId, t.assistantId, t.bucket, t.messages] }),
]);

/**
 * `conversation_stats` by the hour (migration 0010): the dashboard reads these, four times fewer
 * rows, in every time zone whose days start on the hour (all but a few, such as India's and Nepal's).
 */
export const conversationStatsHourly = pgTable('conversation_stats_hourly', statsColumns(), (t) => [
  primaryKey({ columns: [t.institutionId, t.assistantId, t.bucket] }),
]);

/** `conversation_lengths` by the hour, read like `conversation_stats_hourly`. */
export const conversationLengthsHourly = pgTable('conversation_lengths_hourly', lengthsColumns(), (t) => [
  primaryKey({ columns: [t.institutionId, t.assistantId, t.bucket, t.messages] }),
]);
