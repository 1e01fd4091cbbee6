/**
 * The handoff address's confirmation (docs/architecture.md#conversations): which address its link
 * confirmed, and the one pending token, stored as its SHA-256 with its address and end.
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { assistants, institutions } from '../db/schema';
import { ownerLocale } from './assistants.repo';

/** The stored form of a confirmation token: its SHA-256 (the token itself is only in the mail). */
export const handoffTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The handoff e-mail of an assistant, as saved and as confirmed. */
export interface HandoffEmailState {
  email: string | null;
  confirmedEmail: string | null;
}

/** The columns that clear a pending confirmation token. */
export const NO_HANDOFF_TOKEN = {
  handoffTokenHash: null,
  handoffTokenEmail: null,
  handoffTokenExpiresAt: null,
} as const;

/**
 * What a mail to an assistant's handoff contact needs of the assistant (select them with its
 * institution joined): who it is, the address as saved and as confirmed, and the mail's language.
 */
export const handoffMailColumns = {
  assistantId: assistants.id,
  assistant: assistants.name,
  handoff: assistants.handoff,
  confirmedEmail: assistants.handoffConfirmedEmail,
  country: institutions.country,
  ownerLocale,
};

/** Confirmation reads and writes of one database. */
export function handoffConfirmationRepo(db: Db) {
  const currentEmail = sql<string | null>`${assistants.handoff} ->> 'email'`;

  return {
    /** What the confirmation mail of an assistant of the institution needs; null when it is not there. */
    async mailTarget(institutionId: number, id: number) {
      const [row] = await db
        .select(handoffMailColumns)
        .from(assistants)
        .innerJoin(institutions, eq(institutions.id, assistants.institutionId))
        .where(and(eq(assistants.institutionId, institutionId), eq(assistants.id, id)))
        .limit(1);
      return row ?? null;
    },

    /** The saved and confirmed addresses of an assistant of the institution; null when it is not there. */
    async state(institutionId: number, id: number): Promise<HandoffEmailState | null> {
      const [row] = await db
        .select({ email: currentEmail, confirmedEmail: assistants.handoffConfirmedEmail })
        .from(assistants)
        .where(and(eq(assistants.institutionId, institutionId), eq(assistants.id, id)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Stores a token's hash for `email`, replacing any pending one (only the latest mailed link
     * works); false when the handoff no longer has that address.
     */
    async issue(institutionId: number, id: number, email: string, hash: string, expiresAt: Date) {
      const rows = await db
        .update(assistants)
        .set({ handoffTokenHash: hash, handoffTokenEmail: email, handoffTokenExpiresAt: expiresAt })
        .where(
          and(eq(assistants.institutionId, institutionId), eq(assistants.id, id), eq(currentEmail, email)),
        )
        .returning({ id: assistants.id });
      return rows.length > 0;
    },

    /** Forgets a token whose mail could not be sent. */
    async drop(hash: string): Promise<void> {
      await db.update(assistants).set(NO_HANDOFF_TOKEN).where(eq(assistants.handoffTokenHash, hash));
    },

    /**
     * Confirms the address of a live token, in one statement so a token works once: only while it
     * has not expired and the handoff still has the address it was mailed to. The confirmed address,
     * or null for an unknown, used, expired or stale token.
     */
    async confirm(hash: string, now: Date): Promise<string | null> {
      const [row] = await db
        .update(assistants)
        .set({
          handoffConfirmedEmail: assistants.handoffTokenEmail,
          handoffConfirmedAt: now,
          ...NO_HANDOFF_TOKEN,
        })
        .where(
          and(
            eq(assistants.handoffTokenHash, hash),
            gt(assistants.handoffTokenExpiresAt, now),
            eq(currentEmail, assistants.handoffTokenEmail),
          ),
        )
        .returning({ email: assistants.handoffConfirmedEmail });
      return row?.email ?? null;
    },
  };
}
