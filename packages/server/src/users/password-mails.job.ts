/**
 * The password mails, sent by jobs so that no request waits on SMTP or tells anything by its
 * timing or its errors: `send_reset_mail` (queued for every reset request, known address or not)
 * and `send_password_changed_mail` (queued with a change or a reset, in the same transaction).
 *
 * The reset job makes the link itself: the token never sits in the queue. A mail that fails is
 * retried by the queue with a new link; the link of a failed attempt is deleted at once. Running a
 * job again after a crash may mail a second working link, never a broken one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { RESET_TOKEN_TTL_SECONDS } from '@conversa/contract/constants';
import * as v from 'valibot';
import type { Db } from '../db/database';
import type { Clock } from '../deps';
import type { JobHandler } from '../jobs/runner';
import type { Mailer } from '../mail/mailer';
import { passwordChangedMail, resetPasswordMail } from '../mail/templates';
import { asLocale, deleteResetToken, findUserByEmail, findUserById, insertResetToken } from './users.repo';

export const SEND_RESET_MAIL = 'send_reset_mail';
export const SEND_PASSWORD_CHANGED_MAIL = 'send_password_changed_mail';
/** Attempts of a mail job: with the queue's backoff, about seven minutes of retries. */
export const MAIL_JOB_ATTEMPTS = 5;

export interface PasswordMailDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
}

/** The stored form of a reset token: its SHA-256 (the token itself is only in the mail). */
export const resetTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const ResetPayloadSchema = v.object({ email: v.string() });
const ChangedPayloadSchema = v.object({ userId: v.number() });

/** The handler of `send_reset_mail`: a fresh link to the account of the address, if it has one. */
export function sendResetMailJob(deps: PasswordMailDeps): JobHandler {
  return {
    async run(payload) {
      const { email } = v.parse(ResetPayloadSchema, payload);
      const user = await findUserByEmail(deps.db, email);
      if (!user) return;
      const now = deps.clock.now();
      const token = randomBytes(32).toString('base64url');
      const hash = resetTokenHash(token);
      await insertResetToken(deps.db, {
        tokenHash: hash,
        userId: user.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_SECONDS * 1000),
      });
      const link = `${deps.publicUrl}/reset-password?token=${token}`;
      try {
        await deps.mailer.send({ to: user.email, ...resetPasswordMail(asLocale(user.locale), link) });
      } catch (error) {
        await deleteResetToken(deps.db, hash);
        throw error;
      }
    },
  };
}

/** The handler of `send_password_changed_mail`: tells the owner, with the way back if it was not them. */
export function sendPasswordChangedMailJob(deps: PasswordMailDeps): JobHandler {
  return {
    async run(payload) {
      const { userId } = v.parse(ChangedPayloadSchema, payload);
      const user = await findUserById(deps.db, userId);
      if (!user) return;
      const link = `${deps.publicUrl}/reset-password`;
      await deps.mailer.send({ to: user.email, ...passwordChangedMail(asLocale(user.locale), link) });
    },
  };
}
