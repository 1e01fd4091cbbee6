/** `user/*`: sign-up by e-mail code, passwords, logout and the profile. */
import type { MessageCode } from '@conversa/contract/codes';
import { endpoints } from '@conversa/contract/endpoints';
import { type Context, Hono } from 'hono';
import { revokeSession } from '../auth/sessions';
import type { AppDeps } from '../deps';
import { clientIp } from '../http/client-ip';
import type { AppEnv } from '../http/env';
import { ok } from '../http/respond';
import { endpointRouter } from '../http/route';
import { translate } from '../i18n/translate';
import { emailCheckIpLimit } from '../rate-limit/limits';
import { takeLimits } from '../rate-limit/rate-limit.service';
import { changePassword, requestReset, resetPassword } from './passwords.service';
import { createAccount, registerByEmail, verifyEmail } from './signup.service';
import { emailExists } from './users.repo';
import { assertSelf, updateOwnProfile } from './users.service';

/** A `{message, code}` answer in the request's language. */
const message = (c: Context<AppEnv>, code: MessageCode) =>
  ok(c, { message: translate(c.get('locale'), code), code });

export function usersRoutes(deps: AppDeps) {
  const route = endpointRouter(deps);
  const app = new Hono<AppEnv>();

  route(app, endpoints.checkEmail, async (c, { body: { email } }) => {
    await takeLimits(deps, [emailCheckIpLimit(clientIp(c, deps.config))]);
    return ok(c, { exists: await emailExists(deps.database.db, email) });
  });

  route(app, endpoints.registerByEmail, async (c, { body }) => {
    const locale = body.locale ?? c.get('locale');
    return ok(c, await registerByEmail(deps, { email: body.email, locale, ip: clientIp(c, deps.config) }));
  });

  route(app, endpoints.createPassword, async (c, { body }) => ok(c, await createAccount(deps, body)));

  route(app, endpoints.verifyEmail, async (c, { scope: { user }, body }) => {
    await verifyEmail(deps, { userId: user.userId, code: body.code, ip: clientIp(c, deps.config) });
    return message(c, 'email_verified');
  });

  route(app, endpoints.changePassword, async (c, { scope, body }) => {
    await changePassword(deps, scope.user, body, clientIp(c, deps.config));
    return message(c, 'password_updated');
  });

  route(app, endpoints.requestReset, async (c, { body: { email } }) => {
    await requestReset(deps, { email, ip: clientIp(c, deps.config) });
    return message(c, 'reset_mail_sent');
  });

  route(app, endpoints.resetPassword, async (c, { body }) => {
    await resetPassword(deps, { ...body, ip: clientIp(c, deps.config) });
    return message(c, 'password_reset');
  });

  route(app, endpoints.logout, async (c, { scope: { user } }) => {
    await revokeSession(deps, user.userId, user.sessionId);
    return message(c, 'logged_out');
  });

  route(app, endpoints.updateProfile, async (c, { scope, body }) => {
    // A profile is only ever its owner's, platform admins included.
    assertSelf(scope.user.userId, scope.userId);
    return ok(
      c,
      await updateOwnProfile(deps, { userId: scope.userId, profile: body, locale: c.get('locale') }),
    );
  });
  return app;
}
