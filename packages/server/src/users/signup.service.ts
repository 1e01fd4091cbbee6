/**
 * Sign-up by e-mail: a 6-digit code is mailed (email-codes.ts), then the code and a password create
 * the account (docs/architecture.md#tenancy-and-auth).
 */
import type { Session } from '@conversa/contract/auth';
import type { Locale } from '@conversa/contract/constants';
import type { RegisterByEmailResult } from '@conversa/contract/user';
import { hashPassword } from '../auth/password';
import { startSession } from './session.service';
import type { AppDeps } from '../deps';
import { audit } from '../audit/audit.service';
import { ApiError, notFound } from '../http/errors';
import { emailCheckIpLimit } from '../rate-limit/limits';
import { takeLimits } from '../rate-limit/rate-limit.service';
import { checkCode, mailCode } from './email-codes';
import { asLocale, emailExists, findUserById, insertUser, markEmailVerified } from './users.repo';

/** Mails a fresh sign-up code to an address that has no account yet. */
export async function registerByEmail(
  deps: AppDeps,
  input: { email: string; locale: Locale; ip: string },
): Promise<RegisterByEmailResult> {
  const { db } = deps.database;
  const { email, locale } = input;
  // Its 409 tells whether an address has an account, like `check-email`: the same per-IP budget
  // is spent before that can be answered, so neither endpoint scans faster than the other.
  await takeLimits(deps, [emailCheckIpLimit(input.ip)]);
  if (await emailExists(db, email)) throw new ApiError(409, 'email_taken');

  return mailCode(deps, { email, locale, ip: input.ip, purpose: 'signup' });
}

/** Checks the code, creates the account with the password and signs it in. */
export async function createAccount(
  deps: AppDeps,
  input: { email: string; code: string; password: string },
): Promise<Session> {
  const { db } = deps.database;
  const { email } = input;
  const now = deps.clock.now();
  const checked = await checkCode(deps, { email, code: input.code, purpose: 'signup' });

  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction(async (tx) => {
    if (!(await checked.use(tx))) throw new ApiError(400, 'invalid_verification_code');
    // The code reached the mailbox: the address is proved.
    const row = await insertUser(tx, {
      email,
      passwordHash,
      locale: asLocale(checked.locale),
      emailVerifiedAt: now,
      now,
    });
    if (!row) throw new ApiError(409, 'email_taken');
    return row;
  });
  return startSession(deps, user.id);
}

/**
 * Proves a signed-in account's address with the code mailed to it (accepting an invitation with an
 * unproved address mails one). An address already proved needs no code.
 */
export async function verifyEmail(
  deps: AppDeps,
  input: { userId: number; code: string; ip: string },
): Promise<void> {
  const { db } = deps.database;
  const account = await findUserById(db, input.userId);
  if (!account) throw notFound();
  if (account.emailVerifiedAt) return;
  const checked = await checkCode(deps, { email: account.email, code: input.code, purpose: 'verify' });
  await db.transaction(async (tx) => {
    if (!(await checked.use(tx))) throw new ApiError(400, 'invalid_verification_code');
    await markEmailVerified(tx, account.id, deps.clock.now());
  });
  deps.sessionCache.forgetUser(account.id);
  await audit(deps, { action: 'email_verified', userId: account.id, ip: input.ip });
}
