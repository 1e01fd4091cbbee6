/**
 * The 6-digit codes mailed to prove an address, for sign-up (`signup`: the address has no account
 * yet) and for an account whose address was never proved (`verify`: before it may join an
 * institution by invitation). Only a keyed hash of the code is stored, one live code per address;
 * codes live 10 minutes, are single use, die after a few wrong guesses, and can be re-sent only
 * after a cooldown and a few times an hour (docs/architecture.md#tenancy-and-auth).
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  type Locale,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_SECONDS,
  VERIFICATION_MAX_ATTEMPTS,
  VERIFICATION_RESEND_SECONDS,
} from '@conversa/contract/constants';
import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { emailVerifications } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import { verificationCodeMail } from '../mail/templates';
import { mailAddressLimit, mailIpLimit } from '../rate-limit/limits';
import { enforceLimits, recordEvents } from '../rate-limit/rate-limit.service';

/** What a code proves; part of its hash, so a code of one kind is never taken for the other. */
export type CodePurpose = 'signup' | 'verify';

// Keyed with the server secret, so a leaked table alone does not give the codes away.
function codeHash(secret: Uint8Array, purpose: CodePurpose, email: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${email}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

const resendWait = (sentAt: Date, now: Date) =>
  Math.ceil((sentAt.getTime() + VERIFICATION_RESEND_SECONDS * 1000 - now.getTime()) / 1000);

const resendTooSoon = (seconds: number) =>
  new ApiError(429, 'resend_too_soon', {
    headers: { 'Retry-After': String(seconds) },
    params: { seconds },
  });

/**
 * Mails a fresh code to `email`, replacing any earlier one. A 429 `resend_too_soon` within the
 * cooldown of the last code, and the per-address and per-IP mail limits apply.
 */
export async function mailCode(
  deps: AppDeps,
  input: { email: string; locale: Locale; ip: string; purpose: CodePurpose },
): Promise<{ resend_after_seconds: number }> {
  const { db } = deps.database;
  const { email, locale, purpose } = input;
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
  const hash = codeHash(deps.config.keys.codeKey, purpose, email, code);
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
    await deps.mailer.send({ to: email, ...verificationCodeMail(locale, code, purpose) });
  } catch (error) {
    // A code nobody received must not hold the resend cooldown.
    await db
      .delete(emailVerifications)
      .where(and(eq(emailVerifications.email, email), eq(emailVerifications.codeHash, hash)));
    throw error;
  }
  return { resend_after_seconds: VERIFICATION_RESEND_SECONDS };
}

/** A code that matched: `use` it in the transaction that acts on it. */
export interface CheckedCode {
  locale: string;
  /** Deletes the code, so it works once; false when a racing request used it first. */
  use: (tx: Db) => Promise<boolean>;
}

/**
 * Checks a code for `email`: 400 `invalid_verification_code` when wrong, `verification_code_expired`
 * when it lived out its time or its guesses. Every guess spends an attempt before it is compared,
 * so parallel guesses cannot exceed the limit.
 */
export async function checkCode(
  deps: AppDeps,
  input: { email: string; code: string; purpose: CodePurpose },
): Promise<CheckedCode> {
  const { db } = deps.database;
  const { email } = input;
  const [live] = await db
    .update(emailVerifications)
    .set({ attempts: sql`${emailVerifications.attempts} + 1` })
    .where(
      and(
        eq(emailVerifications.email, email),
        gt(emailVerifications.expiresAt, deps.clock.now()),
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
  if (!sameHash(live.codeHash, codeHash(deps.config.keys.codeKey, input.purpose, email, input.code))) {
    throw new ApiError(400, 'invalid_verification_code');
  }
  return {
    locale: live.locale,
    use: async (tx) =>
      (
        await tx
          .delete(emailVerifications)
          .where(and(eq(emailVerifications.email, email), eq(emailVerifications.codeHash, live.codeHash)))
          .returning({ email: emailVerifications.email })
      ).length > 0,
  };
}
