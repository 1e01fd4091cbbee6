/**
 * Deleting what you created (issue 36, docs/architecture.md#retention-and-erasure): assistants,
 * an institution, one's own account, and a visitor's own conversation. Each is one transaction that
 * deletes the rows (cascades do the rest) and queues `delete_stored` for the bytes they named, so
 * a rollback leaves everything and a store that is down is retried; then the members' cached
 * sessions are forgotten, so they are moved out at their next request. Audited with ids and counts.
 */
import type { Locale } from '@conversa/contract/constants';
import { AUDIT_LEGAL_HOLD_DAYS, type AccountDeletion } from '@conversa/contract/privacy';
import { logoStorageKey } from '../assistants';
import { audit } from '../audit/audit.service';
import { verifyPassword } from '../auth/password';
import type { GuestScope, InstitutionScope, StaffUser } from '../auth/scope';
import type { DbOrTx } from '../db/database';
import type { AppDeps } from '../deps';
import { ApiError, forbidden, notFound } from '../http/errors';
import { translate } from '../i18n/translate';
import { enqueue } from '../jobs/queue';
import { deletionUserLimit, visitorDeleteIpLimit } from '../rate-limit/limits';
import { takeLimits } from '../rate-limit/rate-limit.service';
import { deletionRepo } from './deletion.repo';
import { keepStats } from './retention.repo';
import { DELETE_STORED, DELETE_STORED_BATCH } from './stored-files.job';

const DAY_MS = 24 * 60 * 60_000;

/** Who asks, from where. */
export interface DeletionCaller {
  user: StaffUser;
  ip: string;
  locale: Locale;
}

/** Queues the removal of stored keys in `tx` (no institution: the job outlives a deleted one). */
async function queueStoredDeletion(tx: DbOrTx, keys: string[], now: Date): Promise<void> {
  for (let start = 0; start < keys.length; start += DELETE_STORED_BATCH) {
    await enqueue(tx, DELETE_STORED, { keys: keys.slice(start, start + DELETE_STORED_BATCH) }, now, {
      maxAttempts: 10,
    });
  }
}

const logoKeys = (logos: (string | null)[]) => logos.filter((logo) => logo !== null).map(logoStorageKey);

/** Deletes an institution inside `tx`: its stored keys queued, its rows gone; resolves to its members. */
async function deleteInstitutionIn(tx: DbOrTx, institutionId: number, logo: string | null, now: Date) {
  const repo = deletionRepo(tx);
  const owned = await repo.assistantIdsOf(institutionId);
  const keys = [
    ...(await repo.fileKeys(
      institutionId,
      owned.map((row) => row.id),
    )),
    ...logoKeys([logo, ...owned.map((row) => row.logo)]),
  ];
  const members = await repo.memberIds(institutionId);
  await repo.deleteInstitution(institutionId, new Date(now.getTime() - AUDIT_LEGAL_HOLD_DAYS * DAY_MS));
  await queueStoredDeletion(tx, keys, now);
  return { members, assistants: owned.length, files: keys.length };
}

export function deletionService(deps: AppDeps) {
  const { db } = deps.database;
  const forget = (userIds: number[]) => {
    for (const id of userIds) deps.sessionCache.forgetUser(id);
  };

  return {
    /** Deletes assistants of the institution with all they hold, all or none (a 404 for any other id). */
    async removeAssistants(caller: DeletionCaller, institutionId: number, ids: readonly number[]) {
      await takeLimits(deps, [deletionUserLimit(caller.user.userId)]);
      const unique = [...new Set(ids)];
      const now = deps.clock.now();
      const files = await db.transaction(async (tx) => {
        const repo = deletionRepo(tx);
        const found = await repo.assistants(institutionId, unique);
        if (found.length !== unique.length) throw notFound();
        const keys = [
          ...(await repo.fileKeys(institutionId, unique)),
          ...logoKeys(found.map((row) => row.logo)),
        ];
        await repo.deleteAssistants(institutionId, unique);
        await queueStoredDeletion(tx, keys, now);
        return keys.length;
      });
      await audit(deps, {
        action: 'assistant_deleted',
        userId: caller.user.userId,
        institutionId,
        ip: caller.ip,
        detail: { ids: unique, count: unique.length, stored_files: files },
      });
    },

    /** Deletes the institution, confirmed by its name (a 400 on `confirm_name` otherwise). */
    async removeInstitution(caller: DeletionCaller, scope: InstitutionScope, confirmName: string) {
      await takeLimits(deps, [deletionUserLimit(caller.user.userId)]);
      const now = deps.clock.now();
      const result = await db.transaction(async (tx) => {
        const institution = await deletionRepo(tx).institution(scope.institutionId);
        if (!institution) throw notFound();
        if (institution.name.trim() !== confirmName.trim()) {
          throw new ApiError(400, 'validation_failed', {
            issues: [
              {
                path: 'confirm_name',
                code: 'name_mismatch',
                message: translate(caller.locale, 'name_mismatch'),
              },
            ],
          });
        }
        return deleteInstitutionIn(tx, institution.id, institution.logo, now);
      });
      forget(result.members);
      await audit(deps, {
        action: 'institution_deleted',
        userId: caller.user.userId,
        institutionId: scope.institutionId,
        ip: caller.ip,
        detail: { members: result.members.length, assistants: result.assistants, stored_files: result.files },
      });
    },

    /** What deleting the account takes along and what stops it. */
    async accountDeletion(user: StaffUser, userId: number): Promise<AccountDeletion> {
      if (user.userId !== userId) throw forbidden();
      const account = await deletionRepo(db).account(userId);
      if (!account) throw notFound();
      const named = (rows: typeof account.places) => rows.map((row) => ({ id: row.id, name: row.name }));
      return {
        alone: named(account.places.filter((row) => row.members === 1)),
        blocked: named(
          account.places.filter((row) => row.members > 1 && row.role === 'main' && row.mains === 1),
        ),
        has_password: account.user.passwordHash !== null,
      };
    },

    /**
     * Deletes the caller's own account, its password checked: a 409 `last_main` while it is the last
     * main member of an institution with others; a 409 `institutions_to_delete` naming the
     * institutions where it is alone until `confirm` lists exactly those, which then go with it.
     */
    async removeAccount(
      caller: DeletionCaller,
      userId: number,
      body: { password: string; confirm_institutions: readonly number[] },
    ) {
      if (caller.user.userId !== userId) throw forbidden();
      await takeLimits(deps, [deletionUserLimit(userId)]);
      const account = await deletionRepo(db).account(userId);
      if (!account) throw notFound();
      if (account.user.passwordHash === null) throw new ApiError(409, 'account_has_no_password');
      if (!(await verifyPassword(account.user.passwordHash, body.password))) {
        throw new ApiError(400, 'wrong_current_password');
      }
      const now = deps.clock.now();
      const result = await db.transaction(async (tx) => {
        // Read again in the transaction: what the preview showed may have changed since.
        const repo = deletionRepo(tx);
        const facts = await repo.account(userId);
        if (!facts) throw notFound();
        const blocked = facts.places.filter(
          (row) => row.members > 1 && row.role === 'main' && row.mains === 1,
        );
        if (blocked.length > 0) {
          throw new ApiError(409, 'last_main');
        }
        const alone = facts.places.filter((row) => row.members === 1);
        const confirmed = new Set(body.confirm_institutions);
        if (alone.length !== confirmed.size || alone.some((row) => !confirmed.has(row.id))) {
          throw new ApiError(409, 'institutions_to_delete', {
            params: { names: alone.map((row) => row.name).join(', ') },
          });
        }
        const members: number[] = [];
        for (const place of alone) {
          const institution = await repo.institution(place.id);
          if (institution)
            members.push(...(await deleteInstitutionIn(tx, place.id, institution.logo, now)).members);
        }
        await repo.deleteUser(userId, facts.user.email);
        return { institutions: alone.map((row) => row.id), members };
      });
      forget([userId, ...result.members]);
      await audit(deps, {
        action: 'account_deleted',
        userId,
        ip: caller.ip,
        detail: { institutions: result.institutions },
      });
    },

    /** A visitor deletes their own conversation; the dashboards keep its figures. */
    async removeOwnConversation({ conversationId, assistantId }: GuestScope, ip: string) {
      await takeLimits(deps, [visitorDeleteIpLimit(ip)]);
      const institutionId = await db.transaction(async (tx) => {
        await keepStats(tx);
        const gone = await deletionRepo(tx).deleteConversation(conversationId, assistantId);
        if (gone === null) throw notFound();
        return gone;
      });
      await audit(deps, {
        action: 'deleted',
        institutionId,
        ip,
        detail: { what: 'conversation', by: 'visitor', count: 1 },
      });
    },
  };
}
