/**
 * What an institution keeps and for how long (issue 36, docs/architecture.md#retention-and-erasure):
 * its retention periods, the time zone whose days bound them, and the retention job's last run.
 */
import type { RetentionCounts } from '@conversa/contract/privacy';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { institutionRef, updatedAt } from './schema';

/** One row per institution that set a period; none keeps everything. */
export const institutionRetention = pgTable('institution_retention', {
  institutionId: institutionRef().primaryKey(),
  /** Days each kind is kept; null keeps it. */
  conversationsDays: integer('conversations_days'),
  contactsDays: integer('contacts_days'),
  whatsappDays: integer('whatsapp_days'),
  recordsDays: integer('records_days'),
  /** The IANA zone whose midnights bound the periods. */
  timeZone: text('time_zone').notNull().default('UTC'),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastRun: jsonb('last_run').$type<RetentionCounts>(),
  updatedAt: updatedAt(),
});
