/**
 * Password changes and resets. A change keeps the caller's session and ends every other one; a
 * reset ends them all. Reset tokens are 256 random bits mailed as a link; only their SHA-256 is
 * stored, they expire and work once (DESIGN §4).
 *
 * A reset proves the mailbox, so it marks the address verified and unlinks every Google and
 * Microsoft identity: whoever linked one before (perhaps someone who had claimed this address)
 * loses that way in. The owner signs in with the new password from then on (a provider sign-in
 * with the same address is refused, as accounts are never linked by e-mail).
 */
import { createHash, randomBytes } from 'node:crypto';
import { RESET_TOKEN_TTL_SECONDS } from '@conversa/contract/constants';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AuthState } from '../auth/auth.middleware';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/password';
import { revokeUserSessions } from '../auth/session.service';
import type { Db } from '../db/database';
import { passwordResets } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import { resetPasswordMail } from '../mail/templates';
import { loginAccountLimit, mailAddressLimit, mailIpLimit } from '../rate-limit/limits';
import { clearEvents, enforceLimits, recordEvents, takeLimits } from '../rate-limit/rate-limit.service';
import {
  asLocale,
  findUserByEmail,
  findUserById,
  markEmailVerified,
  setPasswordHash,
  unlinkIdentities,
} from './users.repo';

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

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
  auth: Pick<AuthState, 'userId' | 'sessionId' | 'email'>,
  input: { current_password: string; new_password: string },
): Promise<void> {
  const { db } = deps.database;
  // Wrong current passwords count as failed logins of the account: a stolen token must not let
  // anyone guess the password at full speed.
  const limit = loginAccountLimit(auth.email);
  await enforceLimits(deps, [limit]);
  const user = await findUserById(db, auth.userId);
  if (!user) throw new ApiError(401, 'session_invalid');
  const matches = user.passwordHash
    ? await verifyPassword(user.passwordHash, input.current_password)
    : (await verifyAgainstDummy(input.current_password), false);
  if (!matches) {
    await recordEvents(deps, [limit.key]);
    throw new ApiError(400, 'wrong_current_password');
  }

  const passwordHash = await hashPassword(input.new_password);
  const now = deps.clock.now();
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash, now);
    await revokeUserSessions(tx, user.id, now, auth.sessionId);
    await expireResets(tx, user.id, now);
  });
  deps.sessionCache.forgetUser(user.id);
}

/**
 * Mails a reset link when the address has an account. Unknown addresses get the same answer and
 * count toward the same limits, so neither the answer nor a 429 tells whether an account exists.
 */
export async function requestReset(deps: AppDeps, input: { email: string; ip: string }): Promise<void> {
  const { db } = deps.database;
  const limits = [mailAddressLimit(input.email), mailIpLimit(input.ip)];
  await takeLimits(deps, limits);
  const user = await findUserByEmail(db, input.email);
  if (!user) return;

  const now = deps.clock.now();
  const token = randomBytes(32).toString('base64url');
  const hash = tokenHash(token);
  await db.insert(passwordResets).values({
    tokenHash: hash,
    userId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_SECONDS * 1000),
  });
  const link = `${deps.config.publicUrl}/reset-password?token=${token}`;
  try {
    await deps.mailer.send({ to: user.email, ...resetPasswordMail(asLocale(user.locale), link) });
  } catch (error) {
    await db.delete(passwordResets).where(eq(passwordResets.tokenHash, hash));
    throw error;
  }
}

/** Sets a new password with a reset token; the token is used up and every session ends. */
export async function resetPassword(
  deps: AppDeps,
  input: { verification_token: string; password: string },
): Promise<void> {
  const { db } = deps.database;
  const hash = tokenHash(input.verification_token);
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
  });
  deps.sessionCache.forgetUser(found.userId);
  // The owner proved control of the mailbox: failed logins (maybe someone else's) stop locking them out.
  const user = await findUserById(db, found.userId);
  if (user) await clearEvents(deps, loginAccountLimit(user.email).key);
}
