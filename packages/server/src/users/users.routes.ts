/** `user/*`: sign-up by e-mail code, passwords, logout and the profile. */
import type { MessageCode } from '@conversa/contract/codes';
import { UpdateProfileBodySchema } from '@conversa/contract/profile';
import {
  ChangePasswordBodySchema,
  CheckEmailBodySchema,
  CreatePasswordBodySchema,
  RegisterByEmailBodySchema,
  RequestResetBodySchema,
  ResetPasswordBodySchema,
} from '@conversa/contract/user';
import { type Context, Hono } from 'hono';
import { requireStaff } from '../auth/auth.middleware';
import { revokeSession } from '../auth/session.service';
import type { AppDeps } from '../deps';
import { clientIp } from '../http/client-ip';
import type { AppEnv } from '../http/env';
import { ok } from '../http/respond';
import { readId, readJson } from '../http/validate';
import { translate } from '../i18n/translate';
import { emailCheckIpLimit } from '../rate-limit/limits';
import { takeLimits } from '../rate-limit/rate-limit.service';
import { changePassword, requestReset, resetPassword } from './passwords.service';
import { createAccount, registerByEmail } from './signup.service';
import { emailExists } from './users.repo';
import { assertSelf, updateOwnProfile } from './users.service';

/** A `{message, code}` answer in the request's language. */
const message = (c: Context<AppEnv>, code: MessageCode) =>
  ok(c, { message: translate(c.get('locale'), code), code });

export function usersRoutes(deps: AppDeps) {
  const staff = requireStaff(deps);
  return new Hono<AppEnv>()
    .post('/user/check-email', async (c) => {
      const { email } = await readJson(c, CheckEmailBodySchema);
      await takeLimits(deps, [emailCheckIpLimit(clientIp(c, deps.config))]);
      return ok(c, { exists: await emailExists(deps.database.db, email) });
    })
    .post('/user/register-by-email', async (c) => {
      const body = await readJson(c, RegisterByEmailBodySchema);
      const locale = body.locale ?? c.get('locale');
      return ok(c, await registerByEmail(deps, { email: body.email, locale, ip: clientIp(c, deps.config) }));
    })
    .post('/user/create-password', async (c) => {
      const body = await readJson(c, CreatePasswordBodySchema);
      return ok(c, await createAccount(deps, body));
    })
    .post('/user/change-password', staff, async (c) => {
      const body = await readJson(c, ChangePasswordBodySchema);
      await changePassword(deps, c.get('auth'), body, clientIp(c, deps.config));
      return message(c, 'password_updated');
    })
    .post('/user/password/request-reset', async (c) => {
      const { email } = await readJson(c, RequestResetBodySchema);
      await requestReset(deps, { email, ip: clientIp(c, deps.config) });
      return message(c, 'reset_mail_sent');
    })
    .post('/user/password/reset', async (c) => {
      const body = await readJson(c, ResetPasswordBodySchema);
      await resetPassword(deps, { ...body, ip: clientIp(c, deps.config) });
      return message(c, 'password_reset');
    })
    .post('/user/logout', staff, async (c) => {
      const { userId, sessionId } = c.get('auth');
      await revokeSession(deps, userId, sessionId);
      return message(c, 'logged_out');
    })
    .put('/user/:id/profile', staff, async (c) => {
      const userId = readId(c);
      assertSelf(c.get('auth').userId, userId);
      const profile = await readJson(c, UpdateProfileBodySchema);
      return ok(c, await updateOwnProfile(deps, { userId, profile, locale: c.get('locale') }));
    });
}
