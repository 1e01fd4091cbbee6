/** `auth/*`: sign-in with a password, Google or Microsoft; the session of a token; the providers. */
import { GoogleLoginBodySchema, LoginBodySchema, MicrosoftLoginBodySchema } from '@conversa/contract/auth';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { clientIp } from '../http/client-ip';
import type { AppEnv } from '../http/env';
import { ok } from '../http/respond';
import { readJson } from '../http/validate';
import { bearer, requireStaff } from './auth.middleware';
import { login } from './login.service';
import { issueNonce } from './nonce';
import { providerConfig, signInWithIdentity, verifyGoogle, verifyMicrosoft } from './oidc.service';
import { buildSession } from './session.service';

export function authRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/auth/providers', (c) =>
      ok(c, {
        google_client_id: deps.config.google?.clientId ?? null,
        microsoft_client_id: deps.config.microsoft?.clientId ?? null,
      }),
    )
    .post('/auth/login', async (c) => {
      const body = await readJson(c, LoginBodySchema);
      return ok(c, await login(deps, { ...body, ip: clientIp(c, deps.config) }));
    })
    .post('/auth/nonce', (c) => ok(c, issueNonce(deps)))
    .post('/auth/google', async (c) => {
      providerConfig(deps, 'google');
      const body = await readJson(c, GoogleLoginBodySchema);
      const person = await verifyGoogle(deps, body);
      return ok(c, await signInWithIdentity(deps, person, c.get('locale')));
    })
    .post('/auth/microsoft', async (c) => {
      providerConfig(deps, 'microsoft');
      const body = await readJson(c, MicrosoftLoginBodySchema);
      const person = await verifyMicrosoft(deps, body);
      return ok(c, await signInWithIdentity(deps, person, c.get('locale')));
    })
    .post('/auth/validate-token', requireStaff(deps), async (c) =>
      ok(c, await buildSession(deps, c.get('auth').userId, bearer(c) ?? '')),
    );
}
