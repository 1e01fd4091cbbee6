/**
 * The team's rules (docs/architecture.md#tenancy-and-auth): members and their roles, and
 * invitations by e-mail. Only a main member (or a platform admin) grants, changes or removes the
 * main role, and an institution always keeps one main member; each change is one transaction,
 * queues its mail there, and is audited. A removed member's access ends at the next request: the
 * session cache forgets them and every call reads the membership again.
 */
import type { Locale } from '@conversa/contract/constants';
import { grantsMainRole, type Invitation, INVITATION_TTL_DAYS, type Member } from '@conversa/contract/team';
import { audit } from '../audit/audit.service';
import type { InstitutionScope, StaffUser } from '../auth/scope';
import type { DbOrTx } from '../db/database';
import type { AppDeps } from '../deps';
import { ApiError, forbidden, notFound } from '../http/errors';
import { institutionName } from '../institutions';
import { enqueue } from '../jobs/queue';
import { invitationLimit, invitationUserLimit } from '../rate-limit/limits';
import { takeLimits } from '../rate-limit/rate-limit.service';
import { asLocale, emailExists, findUserById, findUserName, MAIL_JOB_ATTEMPTS, mailCode } from '../users';
import { invitationTokenHash, SEND_INVITATION_MAIL } from './invitation-mail.job';
import { type InvitationRow, invitationState, type MemberRow, teamRepo } from './team.repo';

const DAY_MS = 24 * 60 * 60_000;

/** Who asks, from where: what the audit log and the mails need of a request. */
export interface TeamCaller<S = InstitutionScope> {
  scope: S;
  ip: string;
  locale: Locale;
}

function toMember(row: MemberRow): Member {
  return {
    user_id: row.userId,
    full_name: row.fullName,
    email: row.email,
    role: row.role,
    last_active_at: row.lastActiveAt?.toISOString() ?? null,
    joined_at: row.joinedAt.toISOString(),
  };
}

function toInvitation(row: InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role as Invitation['role'],
    expires_at: row.expiresAt.toISOString(),
    state: invitationState(row, now),
    invited_by: row.invitedByName,
    created_at: row.createdAt.toISOString(),
  };
}

/** The team's operations over one server's parts. */
export function teamService(deps: AppDeps) {
  const { db } = deps.database;
  const team = teamRepo(db);
  const expiry = (now: Date) => new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);

  /** Queues the invitation's mail (a new link) in `tx`. */
  const queueMail = (tx: DbOrTx, invitationId: number, now: Date, institutionId: number) =>
    enqueue(tx, SEND_INVITATION_MAIL, { invitationId }, now, {
      maxAttempts: MAIL_JOB_ATTEMPTS,
      institutionId,
    });

  return {
    async members(institutionId: number): Promise<Member[]> {
      return (await team.members(institutionId)).map(toMember);
    },

    /** Gives a member another role; the last main member keeps theirs (409 `last_main`). */
    async changeRole({ scope, ip }: TeamCaller, userId: number, role: Member['role']): Promise<Member> {
      const { institutionId } = scope;
      const before = await db.transaction(async (tx) => {
        const members = teamRepo(tx);
        const locked = await members.lockRoles(institutionId, [userId]);
        const target = locked.find((row) => row.userId === userId);
        if (!target) throw notFound();
        if ((target.role === 'main' || role === 'main') && !grantsMainRole(scope.roles)) throw forbidden();
        const mains = locked.filter((row) => row.role === 'main').length;
        if (target.role === 'main' && role !== 'main' && mains === 1) throw new ApiError(409, 'last_main');
        await members.setRole(institutionId, userId, role);
        return target.role;
      });
      deps.sessionCache.forgetUser(userId);
      if (before !== role)
        await audit(deps, {
          action: 'member_role_changed',
          userId: scope.user.userId,
          institutionId,
          ip,
          detail: { member: userId, from: before, to: role },
        });
      return toMember((await team.member(institutionId, userId))!);
    },

    /** Removes members, all or none; the institution keeps a main member (409 `last_main`). */
    async remove({ scope, ip }: TeamCaller, userIds: readonly number[]): Promise<void> {
      const { institutionId } = scope;
      const ids = [...new Set(userIds)];
      await db.transaction(async (tx) => {
        const members = teamRepo(tx);
        const locked = await members.lockRoles(institutionId, ids);
        const targets = locked.filter((row) => ids.includes(row.userId));
        if (targets.length !== ids.length) throw notFound();
        if (targets.some((row) => row.role === 'main') && !grantsMainRole(scope.roles)) throw forbidden();
        const mainsLeft = locked.filter((row) => row.role === 'main' && !ids.includes(row.userId)).length;
        if (mainsLeft === 0) throw new ApiError(409, 'last_main');
        await members.remove(institutionId, ids);
      });
      for (const id of ids) deps.sessionCache.forgetUser(id);
      for (const id of ids)
        await audit(deps, {
          action: 'member_removed',
          userId: scope.user.userId,
          institutionId,
          ip,
          detail: { member: id },
        });
    },

    async invitations(institutionId: number): Promise<Invitation[]> {
      const now = deps.clock.now();
      return (await team.invitations(institutionId)).map((row) => toInvitation(row, now));
    },

    /** Invites an address (rate-limited per institution and per inviter) and queues its mail. */
    async invite(
      { scope, ip, locale }: TeamCaller,
      body: { email: string; role: Invitation['role'] },
    ): Promise<Invitation> {
      const { institutionId, user } = scope;
      if (body.role === 'main' && !grantsMainRole(scope.roles)) throw forbidden();
      const now = deps.clock.now();
      if (await team.isMember(institutionId, body.email)) throw new ApiError(409, 'already_member');
      if (await team.pendingFor(institutionId, body.email, now)) throw new ApiError(409, 'already_invited');
      await takeLimits(deps, [invitationLimit(institutionId), invitationUserLimit(user.userId)]);
      const inviter = await findUserName(db, user.userId);
      const invitation = await db.transaction(async (tx) => {
        const row = await teamRepo(tx).createInvitation({
          institutionId,
          email: body.email,
          role: body.role,
          invitedBy: user.userId,
          invitedByName: inviter?.fullName || inviter?.email || user.email,
          locale,
          createdAt: now,
          expiresAt: expiry(now),
        });
        await queueMail(tx, row.id, now, institutionId);
        return row;
      });
      await audit(deps, {
        action: 'invitation_sent',
        userId: user.userId,
        institutionId,
        ip,
        detail: { invitation: invitation.id, role: body.role },
      });
      return toInvitation(invitation, now);
    },

    /** Sends an invitation again with a new link and a new expiry. */
    async resend({ scope, ip }: TeamCaller, id: number): Promise<Invitation> {
      const { institutionId } = scope;
      const found = await team.invitation(institutionId, id);
      if (!found) throw notFound();
      if (found.role === 'main' && !grantsMainRole(scope.roles)) throw forbidden();
      if (found.acceptedAt || found.revokedAt) throw new ApiError(409, 'invitation_unusable');
      await takeLimits(deps, [invitationLimit(institutionId), invitationUserLimit(scope.user.userId)]);
      const now = deps.clock.now();
      const renewed = await db.transaction(async (tx) => {
        const row = await teamRepo(tx).renew(found.id, expiry(now));
        if (!row) throw new ApiError(409, 'invitation_unusable');
        await queueMail(tx, row.id, now, institutionId);
        return row;
      });
      await audit(deps, {
        action: 'invitation_sent',
        userId: scope.user.userId,
        institutionId,
        ip,
        detail: { invitation: found.id, role: found.role, again: true },
      });
      return toInvitation(renewed, now);
    },

    /** Revokes pending invitations, all or none. */
    async revoke({ scope, ip }: TeamCaller, ids: readonly number[]): Promise<void> {
      const revoked = await db.transaction((tx) =>
        teamRepo(tx).revoke(scope.institutionId, [...ids], deps.clock.now()),
      );
      if (!revoked) throw notFound();
      await audit(deps, {
        action: 'invitation_revoked',
        userId: scope.user.userId,
        institutionId: scope.institutionId,
        ip,
        detail: { invitations: revoked },
      });
    },

    /** What the invitation link's page shows, before anyone signs in. */
    async byToken(token: string) {
      const found = await team.byTokenHash(invitationTokenHash(token));
      if (!found) throw notFound();
      return {
        institution_name: (await institutionName(db, found.institutionId)) ?? '',
        role: found.role as Invitation['role'],
        email: found.email,
        has_account: await emailExists(db, found.email),
        state: invitationState(found, deps.clock.now()),
      };
    },

    /**
     * The signed-in user joins with the invitation's role (someone already a member keeps theirs).
     * Only the invited address may, and only once it is verified: otherwise a code is mailed (within
     * the cooldown of the last one, none is) and the answer is 403 `email_unverified`.
     */
    async accept({ scope: user, ip }: TeamCaller<StaffUser>, token: string) {
      const found = await team.byTokenHash(invitationTokenHash(token));
      if (!found) throw notFound();
      const now = deps.clock.now();
      if (invitationState(found, now) !== 'pending') throw new ApiError(409, 'invitation_unusable');
      if (found.email !== user.email.toLowerCase()) throw new ApiError(403, 'invitation_other_email');
      const account = await findUserById(db, user.userId);
      if (!account) throw notFound();
      if (!account.emailVerifiedAt) {
        await mailCode(deps, {
          email: account.email,
          locale: asLocale(account.locale),
          ip,
          purpose: 'verify',
        }).catch((error: unknown) => {
          if (!(error instanceof ApiError && error.code === 'resend_too_soon')) throw error;
        });
        throw new ApiError(403, 'email_unverified');
      }
      const role = found.role as Invitation['role'];
      const joined = await db.transaction(async (tx) => {
        const members = teamRepo(tx);
        if (!(await members.claim(found.id, user.userId, now)))
          throw new ApiError(409, 'invitation_unusable');
        return members.join(found.institutionId, user.userId, role, now);
      });
      deps.sessionCache.forgetUser(user.userId);
      const member = await team.member(found.institutionId, user.userId);
      if (joined)
        await audit(deps, {
          action: 'member_joined',
          userId: user.userId,
          institutionId: found.institutionId,
          ip,
          detail: { invitation: found.id, role },
        });
      return { institution_id: found.institutionId, role: member?.role ?? role };
    },
  };
}
