/**
 * Password changes and resets. A change keeps the caller's session and ends every other one; a
 * reset ends them all. Reset tokens are 256 random bits mailed as a link; only their SHA-256 is
 * stored, they expire and work once (docs/architecture.md#tenancy-and-auth). Every mail goes through the job queue
 * (password-mails.job.ts): a reset request answers alike, in about the same time, for any address,
 * and the owner is told of every change or reset.
 *
 * A reset proves the mailbox, so it marks the address verified and unlinks every Google and
 * Microsoft identity: whoever linked one before (perhaps someone who had claimed this address)
 * loses that way in. The owner signs in with the new password from then on (a provider sign-in
 * with the same address is refused, as accounts are never linked by e-mail).
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { audit } from '../audit/audit.service';
import type { StaffUser } from '../auth/scope';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/password';
import { revokeUserSessions } from '../auth/sessions';
import type { Db } from '../db/database';
import { passwordResets } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import { enqueue } from '../jobs/queue';
import { loginAccountLimit, mailAddressLimit, mailIpLimit } from '../rate-limit/limits';
import { clearEvents, giveBack, takeLimits } from '../rate-limit/rate-limit.service';
import {
  MAIL_JOB_ATTEMPTS,
  resetTokenHash,
  SEND_PASSWORD_CHANGED_MAIL,
  SEND_RESET_MAIL,
} from './password-mails.job';
import { findUserById, markEmailVerified, setPasswordHash, unlinkIdentities } from './users.repo';

/** Queues the "your password was changed" notice, in the transaction that changed it. */
const queueChangedNotice = (tx: Db, userId: number, now: Date) =>
  enqueue(tx, SEND_PASSWORD_CHANGED_MAIL, { userId }, now, { maxAttempts: MAIL_JOB_ATTEMPTS });

/** Ends every unused reset link of a user (after the password changed anyway). */
async function expireResets(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Changes the signed-in user's password; every other session of the user ends. */
export async function changePassword(
  deps: AppDeps,
  auth: Pick<StaffUser, 'userId' | 'sessionId' | 'email'>,
  input: { current_password: string; new_password: string },
  ip: string,
): Promise<void> {
  const { db } = deps.database;
  // Wrong current passwords count as failed logins of the account: a stolen token must not let
  // anyone guess the password at full speed. Taken before the check, as in `login`, and given back
  // when the password was right.
  const taken = await takeLimits(deps, [loginAccountLimit(auth.email)]);
  const user = await findUserById(db, auth.userId);
  if (!user) throw new ApiError(401, 'session_invalid');
  const matches = user.passwordHash
    ? await verifyPassword(user.passwordHash, input.current_password)
    : (await verifyAgainstDummy(input.current_password), false);
  if (!matches) throw new ApiError(400, 'wrong_current_password');
  await giveBack(deps, taken);

  const passwordHash = await hashPassword(input.new_password);
  const now = deps.clock.now();
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash, now);
    await revokeUserSessions(tx, user.id, now, auth.sessionId);
    await expireResets(tx, user.id, now);
    await queueChangedNotice(tx, user.id, now);
  });
  deps.sessionCache.forgetUser(user.id);
  await audit(deps, { action: 'password_changed', userId: user.id, ip });
}

/**
 * Queues a reset mail for the address, whether or not it has an account: the job looks the account
 * up, so the answer, its timing and any SMTP trouble tell nothing about the address. Unknown
 * addresses count toward the same limits.
 */
export async function requestReset(deps: AppDeps, input: { email: string; ip: string }): Promise<void> {
  await takeLimits(deps, [mailAddressLimit(input.email), mailIpLimit(input.ip)]);
  await enqueue(deps.database.db, SEND_RESET_MAIL, { email: input.email }, deps.clock.now(), {
    maxAttempts: MAIL_JOB_ATTEMPTS,
  });
}

/** Sets a new password with a reset token; the token is used up and every session ends. */
export async function resetPassword(
  deps: AppDeps,
  input: { verification_token: string; password: string; ip: string },
): Promise<void> {
  const { db } = deps.database;
  const hash = resetTokenHash(input.verification_token);
  const now = deps.clock.now();
  const live = and(
    eq(passwordResets.tokenHash, hash),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, now),
  );
  // Checked before hashing, so invalid tokens cost no argon2 time.
  const [found] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(live)
    .limit(1);
  if (!found) throw new ApiError(400, 'reset_token_invalid');

  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    // Claimed again inside the transaction: of two racing resets with one token, one wins.
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(live)
      .returning({ userId: passwordResets.userId });
    if (!claimed) throw new ApiError(400, 'reset_token_invalid');
    await setPasswordHash(tx, claimed.userId, passwordHash, now);
    await markEmailVerified(tx, claimed.userId, now);
    await unlinkIdentities(tx, claimed.userId);
    await expireResets(tx, claimed.userId, now);
    await revokeUserSessions(tx, claimed.userId, now);
    await queueChangedNotice(tx, claimed.userId, now);
  });
  deps.sessionCache.forgetUser(found.userId);
  await audit(deps, { action: 'password_reset', userId: found.userId, ip: input.ip });
  // The owner proved control of the mailbox: failed logins (maybe someone else's) stop locking them out.
  const user = await findUserById(db, found.userId);
  if (user) await clearEvents(deps, loginAccountLimit(user.email).key);
}
