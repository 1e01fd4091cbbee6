import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { identities, users } from '../db/schema';
import {
  createTestServer,
  createUser,
  googleClaims,
  type IdProvider,
  signInNonce,
  startIdProvider,
  TEST_GOOGLE_CLIENT as GOOGLE_CLIENT,
  TEST_MICROSOFT_CLIENT as MICROSOFT_CLIENT,
  TEST_MICROSOFT_ISSUER as MICROSOFT_ISSUER,
  type TestServer,
  type TokenOptions,
} from '../testing';

/** On MICROSOFT_TENANT_IDS: its e-mail claims are trusted. */
const TRUSTED_TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const MS_ADMIN = 'ms-admin@contoso.example';

let idp: IdProvider;
let server: TestServer;

beforeAll(async () => {
  idp = await startIdProvider();
  server = await createTestServer({
    env: {
      ...idp.env,
      MICROSOFT_TENANT_IDS: ` ${TRUSTED_TENANT.toUpperCase()} , 00000000-0000-0000-0000-0000000000ff`,
      ADMIN_EMAILS: MS_ADMIN,
    },
  });
});
afterAll(async () => {
  await server.close();
  await idp.close();
});

interface SignOptions extends TokenOptions {
  /** The `nonce` claim; default a fresh one from `POST auth/nonce`, null for none. */
  nonce?: string | null;
}

/** An ID token with these claims, issued now by the server's clock, with a fresh nonce by default. */
async function sign(claims: JWTPayload, { nonce, ...options }: SignOptions = {}) {
  const claimed = nonce === undefined ? await signInNonce(server) : nonce;
  return idp.token(
    { ...claims, ...(claimed === null ? {} : { nonce: claimed }) },
    { now: server.clock.now(), ...options },
  );
}

type Answer = {
  code: string;
  message: string;
  data: {
    jwt: string;
    user: { id: number; email: string };
    profile: Record<string, unknown>;
    roles: string[];
  };
};

const google = (credential: string, options: { client_id?: string; locale?: string } = {}) =>
  server.call<Answer>('/api/auth/google', {
    json: { credential, client_id: options.client_id ?? GOOGLE_CLIENT, select_by: 'btn' },
    locale: options.locale,
  });

const microsoft = (idToken: string, locale?: string) =>
  server.call<Answer>('/api/auth/microsoft', { json: { id_token: idToken }, locale });

describe('GET /api/auth/providers', () => {
  it('names the configured client ids, or null', async () => {
    expect((await server.call('/api/auth/providers')).body).toEqual({
      data: { google_client_id: GOOGLE_CLIENT, microsoft_client_id: MICROSOFT_CLIENT },
    });
    const bare = await createTestServer();
    try {
      expect((await bare.call('/api/auth/providers')).body).toEqual({
        data: { google_client_id: null, microsoft_client_id: null },
      });
      for (const path of ['/api/auth/google', '/api/auth/microsoft']) {
        const answer = await bare.call<Answer>(path, {
          json: { credential: 'x', client_id: 'y', id_token: 'x' },
        });
        expect(answer.status).toBe(404);
        expect(answer.body.code).toBe('provider_disabled');
      }
    } finally {
      await bare.close();
    }
  });
});

describe('POST /api/auth/google', () => {
  it('creates an account from a good token, and finds the same one on the next sign-in', async () => {
    const claims = googleClaims();
    const first = await google(await sign(claims), { locale: 'es-MX,es;q=0.9' });
    expect(first.status).toBe(200);
    expect(first.body.data.user.email).toBe(claims.email);
    expect(first.body.data.profile).toMatchObject({
      full_name: 'Lucía Fernández',
      first_name: 'Lucía',
      last_name: 'Fernández',
      locale: 'es',
    });
    const validated = await server.call('/api/auth/validate-token', {
      method: 'POST',
      token: first.body.data.jwt,
    });
    expect(validated.status).toBe(200);

    const [row] = await server.database.db.select().from(users).where(eq(users.id, first.body.data.user.id));
    expect(row?.passwordHash).toBeNull();
    const [link] = await server.database.db
      .select()
      .from(identities)
      .where(and(eq(identities.provider, 'google'), eq(identities.subject, String(claims.sub))));
    expect(link?.userId).toBe(first.body.data.user.id);

    // Google also issues tokens with the bare host as issuer; the e-mail claim may have changed.
    const again = await google(
      await sign({ ...claims, iss: 'accounts.google.com', email: 'changed@gmail.example' }),
    );
    expect(again.status).toBe(200);
    expect(again.body.data.user.id).toBe(first.body.data.user.id);
    expect(again.body.data.jwt).not.toBe(first.body.data.jwt);
  });

  it.each([
    ['a wrong audience', async () => sign(googleClaims({ aud: 'someone-else.apps.example' }))],
    ['a wrong issuer', async () => sign(googleClaims({ iss: 'https://accounts.evil.example' }))],
    ['an expired token', async () => sign(googleClaims(), { expiresIn: -300 })],
    ['a key that is not in the key set', async () => sign(googleClaims(), { stranger: true, kid: 'other' })],
    ['a known kid signed by another key', async () => sign(googleClaims(), { stranger: true })],
    ['an unverified e-mail', async () => sign(googleClaims({ email_verified: false }))],
    ['no e-mail', async () => sign(googleClaims({ email: undefined }))],
    ['a garbage credential', async () => 'not.a.jwt'],
  ])('refuses %s with 401 and creates nothing', async (_name, make) => {
    const before = await server.database.db.$count(users);
    const answer = await google(await make());
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('provider_token_invalid');
    expect(await server.database.db.$count(users)).toBe(before);
  });

  it('refuses a body client_id that is not ours', async () => {
    const answer = await google(await sign(googleClaims()), { client_id: 'someone-else.apps.example' });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('provider_token_invalid');
  });

  it('never links to an existing account by e-mail', async () => {
    const existing = await createUser(server);
    const claims = googleClaims({ email: existing.email.toUpperCase() });
    const answer = await server.call<Answer & { message: string }>('/api/auth/google', {
      json: { credential: await sign(claims), client_id: GOOGLE_CLIENT },
      locale: 'es',
    });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('account_uses_other_method');
    expect(answer.body.message).toMatch(/^Ya existe una cuenta con este correo/);
    expect(await server.database.db.$count(identities, eq(identities.subject, String(claims.sub)))).toBe(0);
  });
});

describe('POST /api/auth/microsoft', () => {
  const tenant = TRUSTED_TENANT;
  const msClaims = (overrides: JWTPayload = {}): JWTPayload => ({
    iss: MICROSOFT_ISSUER.replace('{tenantid}', tenant),
    aud: MICROSOFT_CLIENT,
    sub: `pairwise-${randomUUID()}`,
    tid: tenant,
    oid: randomUUID(),
    preferred_username: `ms-${randomUUID()}@contoso.example`,
    name: 'Jordan Smith',
    ...overrides,
  });

  it('keys the identity on tenant and object id, and finds it again', async () => {
    const claims = msClaims();
    const first = await microsoft(await sign(claims));
    expect(first.status).toBe(200);
    expect(first.body.data.profile).toMatchObject({
      full_name: 'Jordan Smith',
      email: claims.preferred_username,
      locale: 'en',
    });
    const [link] = await server.database.db
      .select()
      .from(identities)
      .where(
        and(eq(identities.provider, 'microsoft'), eq(identities.subject, `${tenant}:${String(claims.oid)}`)),
      );
    expect(link?.userId).toBe(first.body.data.user.id);

    // The same person through another app registration has another `sub`, but the same oid.
    const again = await microsoft(await sign({ ...claims, sub: 'another-pairwise-sub' }));
    expect(again.body.data.user.id).toBe(first.body.data.user.id);
  });

  it.each([
    [
      'an issuer of another tenant',
      async () => sign(msClaims({ iss: MICROSOFT_ISSUER.replace('{tenantid}', randomUUID()) })),
    ],
    ['a wrong audience', async () => sign(msClaims({ aud: 'another-app' }))],
    ['an expired token', async () => sign(msClaims(), { expiresIn: -300 })],
    ['a key that is not in the key set', async () => sign(msClaims(), { stranger: true, kid: 'other' })],
    ['no tenant', async () => sign(msClaims({ tid: undefined }))],
  ])('refuses %s with 401', async (_name, make) => {
    const answer = await microsoft(await make());
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('provider_token_invalid');
  });

  it('refuses an e-mail that already signs in with Google', async () => {
    const googleUser = googleClaims();
    expect((await google(await sign(googleUser))).status).toBe(200);
    const answer = await microsoft(await sign(msClaims({ email: googleUser.email })));
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('account_uses_other_method');
  });

  describe('e-mail claims Microsoft does not vouch for', () => {
    const stranger = randomUUID();
    const strangerClaims = (overrides: JWTPayload = {}) =>
      msClaims({ iss: MICROSOFT_ISSUER.replace('{tenantid}', stranger), tid: stranger, ...overrides });
    const linkCount = (claims: JWTPayload) =>
      server.database.db.$count(
        identities,
        eq(identities.subject, `${String(claims.tid)}:${String(claims.oid)}`),
      );

    it('refuses to create an account from an unverified e-mail of a tenant not on the list', async () => {
      for (const claims of [
        strangerClaims(),
        strangerClaims({ email: `ms-${randomUUID()}@contoso.example` }),
        strangerClaims({ email: `ms-${randomUUID()}@contoso.example`, xms_edov: false }),
        // xms_edov speaks of the `email` claim only, never of preferred_username.
        strangerClaims({ xms_edov: true }),
      ]) {
        const before = await server.database.db.$count(users);
        const answer = await microsoft(await sign(claims), 'es');
        expect(answer.status).toBe(403);
        expect(answer.body.code).toBe('provider_email_unverified');
        expect(answer.body.message).toMatch(/^Microsoft no confirmó/);
        expect(await server.database.db.$count(users)).toBe(before);
        expect(await linkCount(claims)).toBe(0);
      }
    });

    it('never lets an unverified e-mail claim reach an existing account', async () => {
      const existing = await createUser(server);
      const answer = await microsoft(await sign(strangerClaims({ email: existing.email })));
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('provider_email_unverified');
    });

    it('trusts an e-mail the token marks verified (xms_edov), and the identity keeps working without it', async () => {
      const email = `ms-${randomUUID()}@fabrikam.example`;
      const claims = strangerClaims({ email, xms_edov: true });
      const first = await microsoft(await sign(claims));
      expect(first.status).toBe(200);
      expect(first.body.data.user.email).toBe(email);
      const [row] = await server.database.db
        .select()
        .from(users)
        .where(eq(users.id, first.body.data.user.id));
      expect(row?.emailVerifiedAt).not.toBeNull();

      // Signed in by (tid, oid): an e-mail claim that changed, and is no longer vouched for, is ignored.
      const again = await microsoft(
        await sign({ ...claims, xms_edov: undefined, email: `other-${randomUUID()}@fabrikam.example` }),
      );
      expect(again.status).toBe(200);
      expect(again.body.data.user.id).toBe(first.body.data.user.id);
      expect(again.body.data.user.email).toBe(email);
    });

    it('reads MICROSOFT_TENANT_IDS as tenant ids and refuses anything else at start', () => {
      const env = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: server.location.dataDir };
      expect(loadConfig({ ...env, MICROSOFT_TENANT_IDS: `${TRUSTED_TENANT}, ` }).microsoftTenantIds).toEqual(
        new Set([TRUSTED_TENANT]),
      );
      expect(() => loadConfig({ ...env, MICROSOFT_TENANT_IDS: 'contoso.onmicrosoft.com' })).toThrow(
        /MICROSOFT_TENANT_IDS/,
      );
    });

    it('gives the ADMIN_EMAILS role to a vouched-for address only', async () => {
      const answer = await microsoft(await sign(msClaims({ preferred_username: MS_ADMIN })));
      expect(answer.status).toBe(200);
      expect(answer.body.data.roles).toEqual(['admin']);
    });
  });
});

describe('sign-in nonces', () => {
  const googleToken = (options: SignOptions) => sign(googleClaims(), options);
  const microsoftToken = (options: SignOptions) => {
    const tid = TRUSTED_TENANT;
    return sign(
      {
        iss: MICROSOFT_ISSUER.replace('{tenantid}', tid),
        aud: MICROSOFT_CLIENT,
        sub: randomUUID(),
        tid,
        oid: randomUUID(),
        email: `ms-${randomUUID()}@contoso.example`,
      },
      options,
    );
  };
  const providers = [
    ['Google', googleToken, (token: string) => google(token, { locale: 'es' })],
    ['Microsoft', microsoftToken, (token: string) => microsoft(token, 'es')],
  ] as const;

  it('issues a fresh opaque nonce on each call, with its lifetime', async () => {
    const first = await server.call<{ data: { nonce: string; expires_in_seconds: number } }>(
      '/api/auth/nonce',
      {
        method: 'POST',
      },
    );
    expect(first.status).toBe(200);
    expect(first.body.data.nonce).toMatch(/^[\w.-]{32,200}$/);
    expect(first.body.data.expires_in_seconds).toBeGreaterThanOrEqual(300);
    expect(await signInNonce(server)).not.toBe(first.body.data.nonce);
  });

  it.each(providers)(
    '%s: accepts a fresh nonce once, and refuses it the second time',
    async (_name, make, post) => {
      const nonce = await signInNonce(server);
      const token = await make({ nonce });
      expect((await post(token)).status).toBe(200);
      for (const replay of [token, await make({ nonce })]) {
        const before = await server.database.db.$count(users);
        const answer = await post(replay);
        expect(answer.status).toBe(401);
        expect(answer.body.code).toBe('provider_nonce_invalid');
        expect(answer.body.message).toMatch(/^Este inicio de sesión caducó o ya se usó/);
        expect(await server.database.db.$count(users)).toBe(before);
      }
    },
  );

  it.each(providers)('%s: refuses a missing, made-up or altered nonce', async (_name, make, post) => {
    const real = await signInNonce(server);
    const altered = `${real.slice(0, -2)}${real.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const nonce of [null, 'made-up-nonce', randomUUID(), altered, '']) {
      const answer = await post(await make({ nonce }));
      expect(answer.status, String(nonce)).toBe(401);
      expect(answer.body.code).toBe('provider_nonce_invalid');
    }
  });

  it.each(providers)('%s: refuses an expired nonce', async (_name, make, post) => {
    const nonce = await signInNonce(server);
    server.clock.advance(16 * 60 * 1000);
    const answer = await post(await make({ nonce }));
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('provider_nonce_invalid');
  });
});
