/** `auth/*`: sign-in with a password, Google or Microsoft; the session of a token and its renewal; the providers. */
import { endpoints } from '@conversa/contract/endpoints';
import { Hono } from 'hono';
import { auditSignIn } from '../audit/audit-request';
import { bearer } from '../auth/access';
import { issueNonce } from '../auth/nonce';
import { renewSession } from '../auth/sessions';
import type { AppDeps } from '../deps';
import { clientIp } from '../http/client-ip';
import type { AppEnv } from '../http/env';
import { ok } from '../http/respond';
import { endpointRouter } from '../http/route';
import { buildSession } from '../users';
import { login } from './login.service';
import { signInWithIdentity, verifyGoogle, verifyMicrosoft } from './oidc.service';

export function signInRoutes(deps: AppDeps) {
  const route = endpointRouter(deps);
  const app = new Hono<AppEnv>();

  route(app, endpoints.providers, (c) =>
    ok(c, {
      google_client_id: deps.config.google?.clientId ?? null,
      microsoft_client_id: deps.config.microsoft?.clientId ?? null,
    }),
  );

  route(app, endpoints.login, async (c, { body }) =>
    ok(c, await login(deps, { ...body, ip: clientIp(c, deps.config) })),
  );

  route(app, endpoints.nonce, (c) => ok(c, issueNonce(deps)));

  route(app, endpoints.google, async (c, { body }) => {
    const person = await verifyGoogle(deps, body);
    const session = await signInWithIdentity(deps, person, c.get('locale'));
    await auditSignIn(c, deps, session.user.id, 'google');
    return ok(c, session);
  });

  route(app, endpoints.microsoft, async (c, { body }) => {
    const person = await verifyMicrosoft(deps, body);
    const session = await signInWithIdentity(deps, person, c.get('locale'));
    await auditSignIn(c, deps, session.user.id, 'microsoft');
    return ok(c, session);
  });

  route(app, endpoints.validateToken, async (c, { scope }) =>
    ok(c, await buildSession(deps, scope.user.userId, bearer(c) ?? '')),
  );

  route(app, endpoints.renew, async (c, { scope }) =>
    ok(c, { jwt: await renewSession(deps, scope.user.userId, scope.user.sessionId) }),
  );
  return app;
}
