/**
 * Sign-up by e-mail: a 6-digit code is mailed (only its keyed hash is stored), then the code and a
 * password create the account. Codes live 10 minutes, are single use, die after a few wrong
 * guesses, and can be re-sent only after a cooldown and a few times an hour (docs/architecture.md#tenancy-and-auth).
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Session } from '@conversa/contract/auth';
import {
  type Locale,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_SECONDS,
  VERIFICATION_MAX_ATTEMPTS,
  VERIFICATION_RESEND_SECONDS,
} from '@conversa/contract/constants';
import type { RegisterByEmailResult } from '@conversa/contract/user';
import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password';
import { startSession } from '../auth/session.service';
import { emailVerifications } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import { verificationCodeMail } from '../mail/templates';
import { emailCheckIpLimit, mailAddressLimit, mailIpLimit } from '../rate-limit/limits';
import { enforceLimits, recordEvents, takeLimits } from '../rate-limit/rate-limit.service';
import { asLocale, emailExists, insertUser } from './users.repo';

// Keyed with the server secret, so a leaked table alone does not give the codes away.
function codeHash(secret: Uint8Array, email: string, code: string): string {
  return createHmac('sha256', secret).update(`signup:${email}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

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

  const now = deps.clock.now();
  const [current] = await db
    .select({ sentAt: emailVerifications.sentAt })
    .from(emailVerifications)
    .where(eq(emailVerifications.email, email))
    .limit(1);
  const wait = current ? resendWait(current.sentAt, now) : 0;
  if (wait > 0) throw resendTooSoon(wait);
  await enforceLimits(deps, [mailAddressLimit(email), mailIpLimit(input.ip)]);

  const code = String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
  const hash = codeHash(deps.config.keys.codeKey, email, code);
  const values = {
    codeHash: hash,
    locale,
    attempts: 0,
    sentAt: now,
    expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_SECONDS * 1000),
  };
  // The cooldown is re-checked in the upsert itself, so two racing requests send one code.
  const cooldownStart = new Date(now.getTime() - VERIFICATION_RESEND_SECONDS * 1000);
  const [written] = await db
    .insert(emailVerifications)
    .values({ email, ...values })
    .onConflictDoUpdate({
      target: emailVerifications.email,
      set: values,
      setWhere: lte(emailVerifications.sentAt, cooldownStart),
    })
    .returning({ email: emailVerifications.email });
  if (!written) throw resendTooSoon(VERIFICATION_RESEND_SECONDS);
  await recordEvents(deps, [mailAddressLimit(email).key, mailIpLimit(input.ip).key]);

  try {
    await deps.mailer.send({ to: email, ...verificationCodeMail(locale, code) });
  } catch (error) {
    // A code nobody received must not hold the resend cooldown.
    await db
      .delete(emailVerifications)
      .where(and(eq(emailVerifications.email, email), eq(emailVerifications.codeHash, hash)));
    throw error;
  }
  return { resend_after_seconds: VERIFICATION_RESEND_SECONDS };
}

const resendWait = (sentAt: Date, now: Date) =>
  Math.ceil((sentAt.getTime() + VERIFICATION_RESEND_SECONDS * 1000 - now.getTime()) / 1000);

const resendTooSoon = (seconds: number) =>
  new ApiError(429, 'resend_too_soon', {
    headers: { 'Retry-After': String(seconds) },
    params: { seconds },
  });

/** Checks the code, creates the account with the password and signs it in. */
export async function createAccount(
  deps: AppDeps,
  input: { email: string; code: string; password: string },
): Promise<Session> {
  const { db } = deps.database;
  const { email } = input;
  const now = deps.clock.now();
  // Every guess spends an attempt before it is compared, so parallel guesses cannot exceed the limit.
  const [live] = await db
    .update(emailVerifications)
    .set({ attempts: sql`${emailVerifications.attempts} + 1` })
    .where(
      and(
        eq(emailVerifications.email, email),
        gt(emailVerifications.expiresAt, now),
        lt(emailVerifications.attempts, VERIFICATION_MAX_ATTEMPTS),
      ),
    )
    .returning({ codeHash: emailVerifications.codeHash, locale: emailVerifications.locale });
  if (!live) {
    const [dead] = await db
      .select({ email: emailVerifications.email })
      .from(emailVerifications)
      .where(eq(emailVerifications.email, email))
      .limit(1);
    // Expired, or killed by wrong guesses: either way the remedy is a new code.
    throw new ApiError(400, dead ? 'verification_code_expired' : 'invalid_verification_code');
  }
  if (!sameHash(live.codeHash, codeHash(deps.config.keys.codeKey, email, input.code))) {
    throw new ApiError(400, 'invalid_verification_code');
  }

  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction(async (tx) => {
    const [used] = await tx
      .delete(emailVerifications)
      .where(and(eq(emailVerifications.email, email), eq(emailVerifications.codeHash, live.codeHash)))
      .returning({ email: emailVerifications.email });
    if (!used) throw new ApiError(400, 'invalid_verification_code');
    // The code reached the mailbox: the address is proved.
    const row = await insertUser(tx, {
      email,
      passwordHash,
      locale: asLocale(live.locale),
      emailVerifiedAt: now,
      now,
    });
    if (!row) throw new ApiError(409, 'email_taken');
    return row;
  });
  return startSession(deps, user.id);
}
