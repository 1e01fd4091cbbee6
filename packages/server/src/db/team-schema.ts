/**
 * The invitations that bring people into an institution's team (team/team.routes.ts). Members
 * themselves are `memberships` rows (schema.ts).
 */
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, institutionRef, users } from './schema';

/**
 * An invitation by e-mail with a role. The link's token is only in the mail: the row keeps its
 * SHA-256, replaced each time the invitation is mailed (the previous link then stops working). It
 * ends accepted or revoked, or expires.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    institutionId: institutionRef(),
    /** Lower-cased. */
    email: text('email').notNull(),
    role: text('role').notNull(),
    /** Null until the mail job made the first link. */
    tokenHash: text('token_hash'),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    invitedByName: text('invited_by_name').notNull(),
    /** The inviter's language: the mail's, unless the invitee has an account with their own. */
    locale: text('locale').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invitations_token_key').on(t.tokenHash),
    index('invitations_institution_idx').on(t.institutionId, t.email),
  ],
);
