/**
 * The team (docs/architecture.md#tenancy-and-auth): members and their roles, and invitations by
 * e-mail. Managers (`team.manage`: main, admin-staff) run it; only a main member (or a platform
 * admin) grants, changes or removes the main role, and an institution always keeps one main member.
 * A removed member's access ends at the next request: every call reads the membership again.
 */
import { endpoints } from '@conversa/contract/endpoints';
import { grantsMainRole, type Invitation, INVITATION_TTL_DAYS, type Member } from '@conversa/contract/team';
import { Hono } from 'hono';
import { audit } from '../audit/audit.service';
import type { DbOrTx } from '../db/database';
import type { AppDeps } from '../deps';
import { clientIp } from '../http/client-ip';
import type { AppEnv } from '../http/env';
import { ApiError, forbidden, notFound } from '../http/errors';
import { ok } from '../http/respond';
import { endpointRouter } from '../http/route';
import { translate } from '../i18n/translate';
import { institutionName } from '../institutions';
import { enqueue } from '../jobs/queue';
import { invitationLimit, invitationUserLimit } from '../rate-limit/limits';
import { takeLimits } from '../rate-limit/rate-limit.service';
import { mailCode } from '../users';
import { asLocale, emailExists, findUserById, findUserName } from '../users';
import { MAIL_JOB_ATTEMPTS } from '../users';
import { invitationTokenHash, SEND_INVITATION_MAIL } from './invitation-mail.job';
import { type InvitationRow, invitationState, type MemberRow, teamRepo } from './team.repo';

const DAY_MS = 24 * 60 * 60_000;

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

export function teamRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const route = endpointRouter(deps);
  const { db } = deps.database;
  const team = teamRepo(db);

  /** Queues the invitation's mail (a new link) in `tx`. */
  const queueMail = (tx: DbOrTx, invitationId: number, now: Date, institutionId: number) =>
    enqueue(tx, SEND_INVITATION_MAIL, { invitationId }, now, {
      maxAttempts: MAIL_JOB_ATTEMPTS,
      institutionId,
    });

  route(app, endpoints.listMembers, async (c, { scope }) =>
    ok(c, (await team.members(scope.institutionId)).map(toMember)),
  );

  route(app, endpoints.updateMember, async (c, { scope, params, body }) => {
    const { institutionId } = scope;
    const before = await db.transaction(async (tx) => {
      const members = teamRepo(tx);
      const locked = await members.lockRoles(institutionId, [params.userId]);
      const target = locked.find((row) => row.userId === params.userId);
      if (!target) throw notFound();
      if ((target.role === 'main' || body.role === 'main') && !grantsMainRole(scope.roles)) throw forbidden();
      const mains = locked.filter((row) => row.role === 'main').length;
      if (target.role === 'main' && body.role !== 'main' && mains === 1) throw new ApiError(409, 'last_main');
      await members.setRole(institutionId, params.userId, body.role);
      return target.role;
    });
    deps.sessionCache.forgetUser(params.userId);
    if (before !== body.role)
      await audit(deps, {
        action: 'member_role_changed',
        userId: scope.user.userId,
        institutionId,
        ip: clientIp(c, deps.config),
        detail: { member: params.userId, from: before, to: body.role },
      });
    return ok(c, toMember((await team.member(institutionId, params.userId))!));
  });

  route(app, endpoints.deleteMembers, async (c, { scope, body }) => {
    const { institutionId } = scope;
    const ids = [...new Set(body.ids)];
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
    const ip = clientIp(c, deps.config);
    for (const id of ids)
      await audit(deps, {
        action: 'member_removed',
        userId: scope.user.userId,
        institutionId,
        ip,
        detail: { member: id },
      });
    return ok(c, { message: translate(c.get('locale'), 'deleted'), code: 'deleted' });
  });

  route(app, endpoints.listInvitations, async (c, { scope }) => {
    const now = deps.clock.now();
    return ok(
      c,
      (await team.invitations(scope.institutionId)).map((row) => toInvitation(row, now)),
    );
  });

  route(app, endpoints.createInvitation, async (c, { scope, body }) => {
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
        locale: c.get('locale'),
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
      });
      await queueMail(tx, row.id, now, institutionId);
      return row;
    });
    await audit(deps, {
      action: 'invitation_sent',
      userId: user.userId,
      institutionId,
      ip: clientIp(c, deps.config),
      detail: { invitation: invitation.id, role: body.role },
    });
    return ok(c, toInvitation(invitation, now), 201);
  });

  route(app, endpoints.resendInvitation, async (c, { scope, params }) => {
    const { institutionId } = scope;
    const found = await team.invitation(institutionId, params.id);
    if (!found) throw notFound();
    if (found.role === 'main' && !grantsMainRole(scope.roles)) throw forbidden();
    if (found.acceptedAt || found.revokedAt) throw new ApiError(409, 'invitation_unusable');
    await takeLimits(deps, [invitationLimit(institutionId), invitationUserLimit(scope.user.userId)]);
    const now = deps.clock.now();
    const renewed = await db.transaction(async (tx) => {
      const row = await teamRepo(tx).renew(found.id, new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS));
      if (!row) throw new ApiError(409, 'invitation_unusable');
      await queueMail(tx, row.id, now, institutionId);
      return row;
    });
    await audit(deps, {
      action: 'invitation_sent',
      userId: scope.user.userId,
      institutionId,
      ip: clientIp(c, deps.config),
      detail: { invitation: found.id, role: found.role, again: true },
    });
    return ok(c, toInvitation(renewed, now));
  });

  route(app, endpoints.revokeInvitations, async (c, { scope, body }) => {
    const revoked = await db.transaction((tx) =>
      teamRepo(tx).revoke(scope.institutionId, body.ids, deps.clock.now()),
    );
    if (!revoked) throw notFound();
    await audit(deps, {
      action: 'invitation_revoked',
      userId: scope.user.userId,
      institutionId: scope.institutionId,
      ip: clientIp(c, deps.config),
      detail: { invitations: revoked },
    });
    return ok(c, { message: translate(c.get('locale'), 'deleted'), code: 'deleted' });
  });

  route(app, endpoints.getInvitation, async (c, { params }) => {
    const found = await team.byTokenHash(invitationTokenHash(params.token));
    if (!found) throw notFound();
    const institution = await institutionName(db, found.institutionId);
    return ok(c, {
      institution_name: institution ?? '',
      role: found.role as Invitation['role'],
      email: found.email,
      has_account: await emailExists(db, found.email),
      state: invitationState(found, deps.clock.now()),
    });
  });

  route(app, endpoints.acceptInvitation, async (c, { scope: { user }, params }) => {
    const found = await team.byTokenHash(invitationTokenHash(params.token));
    if (!found) throw notFound();
    const now = deps.clock.now();
    if (invitationState(found, now) !== 'pending') throw new ApiError(409, 'invitation_unusable');
    if (found.email !== user.email.toLowerCase()) throw new ApiError(403, 'invitation_other_email');
    const account = await findUserById(db, user.userId);
    if (!account) throw notFound();
    if (!account.emailVerifiedAt) {
      // The invitation names an address; only someone who reads its mail may join with it. A code
      // is mailed (`POST user/verify-email` takes it); within the cooldown of the last one, none is.
      await mailCode(deps, {
        email: account.email,
        locale: asLocale(account.locale),
        ip: clientIp(c, deps.config),
        purpose: 'verify',
      }).catch((error: unknown) => {
        if (!(error instanceof ApiError && error.code === 'resend_too_soon')) throw error;
      });
      throw new ApiError(403, 'email_unverified');
    }
    const role = found.role as Invitation['role'];
    const joined = await db.transaction(async (tx) => {
      const members = teamRepo(tx);
      if (!(await members.claim(found.id, user.userId, now))) throw new ApiError(409, 'invitation_unusable');
      return members.join(found.institutionId, user.userId, role, now);
    });
    deps.sessionCache.forgetUser(user.userId);
    // Someone already a member keeps the role they have.
    const member = await team.member(found.institutionId, user.userId);
    if (joined)
      await audit(deps, {
        action: 'member_joined',
        userId: user.userId,
        institutionId: found.institutionId,
        ip: clientIp(c, deps.config),
        detail: { invitation: found.id, role },
      });
    return ok(c, { institution_id: found.institutionId, role: member?.role ?? role });
  });

  return app;
}
