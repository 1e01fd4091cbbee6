/**
 * An institution's team: its members (`memberships` with their users) and its invitations. `db`
 * may be a transaction; the checks that span rows (the last main member) lock what they count.
 */
import type { InvitationState } from '@conversa/contract/team';
import type { MemberRole } from '@conversa/contract/roles';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { institutions, memberships, users } from '../db/schema';
import { invitations } from '../db/team-schema';

export type InvitationRow = typeof invitations.$inferSelect;

export interface MemberRow {
  userId: number;
  fullName: string;
  email: string;
  role: MemberRole;
  lastActiveAt: Date | null;
  joinedAt: Date;
}

const memberColumns = {
  userId: users.id,
  fullName: users.fullName,
  email: users.email,
  role: sql<MemberRole>`${memberships.role}`,
  lastActiveAt: users.lastActiveAt,
  joinedAt: memberships.createdAt,
};

/** Where an invitation stands at `now`. */
export function invitationState(row: InvitationRow, now: Date): InvitationState {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

export function teamRepo(db: DbOrTx) {
  const ofInstitution = (institutionId: number) => eq(memberships.institutionId, institutionId);
  /** Neither accepted nor revoked (expired ones too: they can be sent again). */
  const open = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

  return {
    /** The members, by name then e-mail. */
    async members(institutionId: number): Promise<MemberRow[]> {
      return db
        .select(memberColumns)
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(ofInstitution(institutionId))
        .orderBy(asc(sql`lower(${users.fullName})`), asc(users.email));
    },

    async member(institutionId: number, userId: number): Promise<MemberRow | null> {
      const [row] = await db
        .select(memberColumns)
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(ofInstitution(institutionId), eq(memberships.userId, userId)));
      return row ?? null;
    },

    /**
     * The members among `userIds` and the institution's main members, their rows locked until the
     * transaction ends: two managers demoting the last two mains one each cannot both succeed.
     */
    async lockRoles(institutionId: number, userIds: number[]) {
      const rows = await db
        .select({ userId: memberships.userId, role: memberships.role })
        .from(memberships)
        .where(
          and(
            ofInstitution(institutionId),
            sql`(${memberships.role} = 'main' or ${inArray(memberships.userId, userIds.length ? userIds : [0])})`,
          ),
        )
        .for('update');
      return rows as { userId: number; role: MemberRole }[];
    },

    async setRole(institutionId: number, userId: number, role: MemberRole) {
      await db
        .update(memberships)
        .set({ role })
        .where(and(ofInstitution(institutionId), eq(memberships.userId, userId)));
    },

    async remove(institutionId: number, userIds: number[]) {
      await db
        .delete(memberships)
        .where(and(ofInstitution(institutionId), inArray(memberships.userId, userIds)));
      // Their next sign-in must not land in an institution they left.
      await db
        .update(users)
        .set({ lastInstitutionId: null })
        .where(and(inArray(users.id, userIds), eq(users.lastInstitutionId, institutionId)));
    },

    /** Adds a member; false when they already were one. */
    async join(institutionId: number, userId: number, role: MemberRole, now: Date): Promise<boolean> {
      const added = await db
        .insert(memberships)
        .values({ institutionId, userId, role, createdAt: now })
        .onConflictDoNothing()
        .returning({ userId: memberships.userId });
      await db.update(users).set({ lastInstitutionId: institutionId }).where(eq(users.id, userId));
      return added.length > 0;
    },

    /** Whether an account with the address is a member. */
    async isMember(institutionId: number, email: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: memberships.userId })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(ofInstitution(institutionId), eq(users.email, email)))
        .limit(1);
      return row !== undefined;
    },

    /** Open invitations (pending or expired), newest first. */
    async invitations(institutionId: number): Promise<InvitationRow[]> {
      return db
        .select()
        .from(invitations)
        .where(and(eq(invitations.institutionId, institutionId), open))
        .orderBy(desc(invitations.createdAt), desc(invitations.id));
    },

    async invitation(institutionId: number, id: number): Promise<InvitationRow | null> {
      const [row] = await db
        .select()
        .from(invitations)
        .where(and(eq(invitations.institutionId, institutionId), eq(invitations.id, id)));
      return row ?? null;
    },

    /** The live invitation of an address, if one is pending. */
    async pendingFor(institutionId: number, email: string, now: Date): Promise<InvitationRow | null> {
      const [row] = await db
        .select()
        .from(invitations)
        .where(
          and(
            eq(invitations.institutionId, institutionId),
            eq(invitations.email, email),
            open,
            gt(invitations.expiresAt, now),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async createInvitation(values: typeof invitations.$inferInsert): Promise<InvitationRow> {
      const [row] = await db.insert(invitations).values(values).returning();
      return row!;
    },

    /** A new expiry for an open invitation (its link is replaced when the mail goes). */
    async renew(id: number, expiresAt: Date): Promise<InvitationRow | null> {
      const [row] = await db
        .update(invitations)
        .set({ expiresAt })
        .where(and(eq(invitations.id, id), open))
        .returning();
      return row ?? null;
    },

    /** Revokes the institution's invitations `ids`, all or none: null when any is not its. */
    async revoke(institutionId: number, ids: number[], now: Date): Promise<number[] | null> {
      const found = await db
        .select({ id: invitations.id })
        .from(invitations)
        .where(and(eq(invitations.institutionId, institutionId), inArray(invitations.id, ids)));
      if (found.length !== new Set(ids).size) return null;
      await db
        .update(invitations)
        .set({ revokedAt: now })
        .where(and(inArray(invitations.id, ids), open));
      return found.map((row) => row.id);
    },

    /** A pending invitation (not accepted, revoked or expired at `now`) with its institution's name. */
    async pendingWithInstitution(id: number, now: Date) {
      const [found] = await db
        .select({ invitation: invitations, institution: institutions.name })
        .from(invitations)
        .innerJoin(institutions, eq(institutions.id, invitations.institutionId))
        .where(
          and(
            eq(invitations.id, id),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
            gt(invitations.expiresAt, now),
          ),
        );
      return found ?? null;
    },

    /** Stores the hash of the invitation's newest mailed token (only the latest link works). */
    async setTokenHash(id: number, tokenHash: string): Promise<void> {
      await db.update(invitations).set({ tokenHash }).where(eq(invitations.id, id));
    },

    async byTokenHash(hash: string): Promise<InvitationRow | null> {
      const [row] = await db.select().from(invitations).where(eq(invitations.tokenHash, hash));
      return row ?? null;
    },

    /** Marks a pending invitation accepted; false when it no longer was (used, revoked, expired). */
    async claim(id: number, userId: number, now: Date): Promise<boolean> {
      const claimed = await db
        .update(invitations)
        .set({ acceptedAt: now, acceptedBy: userId })
        .where(and(eq(invitations.id, id), open, gt(invitations.expiresAt, now)))
        .returning({ id: invitations.id });
      return claimed.length > 0;
    },
  };
}
