// Property-based bad input on every auth and account route: whatever the body, the answer is a 4xx
// (never a 5xx) and nothing in the database changes.
import { UpdateProfileBodySchema } from '@conversa/contract/profile-update';
import {
  ChangePasswordBodySchema,
  CheckEmailBodySchema,
  RegisterByEmailBodySchema,
  RequestResetBodySchema,
} from '@conversa/contract/user';
import { count, isNotNull, max } from 'drizzle-orm';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCountryCode } from '../countries/countries.service';
import { emailVerifications, identities, passwordResets, sessions, users } from '../db/schema';
import { createSignedInUser, createTestServer, type TestServer, type TestUser } from '../testing';

let server: TestServer;
let me: TestUser & { token: string };
beforeAll(async () => {
  server = await createTestServer({
    env: {
      // Configured, with key sets on a closed local port: nothing here may reach the internet.
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_JWKS_URL: 'http://127.0.0.1:9/certs',
      MICROSOFT_CLIENT_ID: 'microsoft-client',
      MICROSOFT_JWKS_URL: 'http://127.0.0.1:9/keys',
    },
  });
  me = await createSignedInUser(server);
});
afterAll(() => server.close());

/** Everything a bad request could have changed. */
async function snapshot() {
  const db = server.database.db;
  const [[u], [s], [r], [e], [p], [i]] = await Promise.all([
    db.select({ n: count(), updated: max(users.updatedAt) }).from(users),
    db.select({ n: count() }).from(sessions),
    db.select({ n: count() }).from(sessions).where(isNotNull(sessions.revokedAt)),
    db.select({ n: count(), attempts: max(emailVerifications.attempts) }).from(emailVerifications),
    db.select({ n: count() }).from(passwordResets),
    db.select({ n: count() }).from(identities),
  ]);
  return { u, s, r, e, p, i };
}

const value = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.emailAddress(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
  fc.stringMatching(/^\d{6}$/),
  fc.constantFrom(
    'Passw0rd!',
    'N3wPassword',
    'es',
    'en',
    'XX',
    'ES',
    '',
    ' ',
    '+34612345678',
    'a'.repeat(9000),
  ),
);

/**
 * Raw request bodies: a well-formed example with one field replaced or dropped (to get past the
 * first checks), objects with the route's keys, JSON of any shape, and text that is not JSON.
 */
function bodies(example: Record<string, unknown>) {
  const keys = Object.keys(example);
  const keyed = fc.dictionary(fc.constantFrom(...keys, 'extra'), value, { maxKeys: keys.length + 1 });
  const mutated = fc.tuple(fc.constantFrom(...keys), fc.option(value)).map(([key, replacement]) => {
    const body: Record<string, unknown> = { ...example };
    if (replacement === null) delete body[key];
    else body[key] = replacement;
    return body;
  });
  return fc.oneof(
    { weight: 3, arbitrary: mutated.map((body) => JSON.stringify(body)) },
    { weight: 3, arbitrary: keyed.map((body) => JSON.stringify(body)) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((body) => JSON.stringify(body)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  );
}

const parses = (schema: v.GenericSchema, raw: string) => {
  try {
    return v.safeParse(schema, JSON.parse(raw)).success;
  } catch {
    return false;
  }
};

interface Route {
  method: 'POST' | 'PUT';
  path: () => string;
  /** A body of the right shape. */
  example: Record<string, unknown>;
  staff?: boolean;
  /** Bodies a route would rightly act on (they are not bad input): skipped. */
  acts?: (raw: string) => boolean;
}

const routes: Route[] = [
  {
    method: 'POST',
    path: () => '/api/auth/login',
    example: { email: 'someone@example.com', password: 'Passw0rd!' },
  },
  {
    method: 'POST',
    path: () => '/api/auth/google',
    example: { credential: 'a.b.c', client_id: 'google-client', select_by: 'btn' },
  },
  { method: 'POST', path: () => '/api/auth/microsoft', example: { id_token: 'a.b.c' } },
  { method: 'POST', path: () => '/api/auth/validate-token', example: { any: 1 } },
  {
    method: 'POST',
    path: () => '/api/user/check-email',
    example: { email: 'someone@example.com' },
    acts: (raw) => parses(CheckEmailBodySchema, raw),
  },
  {
    method: 'POST',
    path: () => '/api/user/register-by-email',
    example: { email: 'someone@example.com', locale: 'es' },
    acts: (raw) => parses(RegisterByEmailBodySchema, raw),
  },
  {
    method: 'POST',
    path: () => '/api/user/create-password',
    example: { email: 'new@example.com', code: '123456', password: 'N3wPassword' },
  },
  {
    method: 'POST',
    path: () => '/api/user/change-password',
    staff: true,
    example: { current_password: 'Wr0ngPass', new_password: 'N3wPassword' },
    // The right current password with a valid new one is a real change, not bad input.
    acts: (raw) =>
      parses(ChangePasswordBodySchema, raw) &&
      (JSON.parse(raw) as { current_password: unknown }).current_password === me.password,
  },
  {
    method: 'POST',
    path: () => '/api/user/password/request-reset',
    example: { email: 'someone@example.com' },
    acts: (raw) => parses(RequestResetBodySchema, raw),
  },
  {
    method: 'POST',
    path: () => '/api/user/password/reset',
    example: { verification_token: 'abc', password: 'N3wPassword' },
  },
  { method: 'POST', path: () => '/api/user/logout', example: { any: 1 } },
  {
    method: 'PUT',
    path: () => `/api/user/${me?.id}/profile`,
    example: { full_name: 'A', country: 'XX', phone_number: '+34612345678', locale: 'en' },
    staff: true,
    acts: (raw) => {
      if (!parses(UpdateProfileBodySchema, raw)) return false;
      const { country } = v.parse(UpdateProfileBodySchema, JSON.parse(raw));
      return country === null || isCountryCode(country);
    },
  },
];

describe('bad input never breaks or changes anything', () => {
  it.each(
    routes.map(
      (route) => [`${route.method} ${route.path().replace(/\/undefined\//, '/{id}/')}`, route] as const,
    ),
  )('%s', async (_name, route) => {
    await fc.assert(
      fc.asyncProperty(bodies(route.example), fc.boolean(), async (raw, spanish) => {
        const okCheck = route.acts?.(raw) ?? false;
        fc.pre(!okCheck);
        const before = await snapshot();
        const response = await server.request(route.path(), {
          method: route.method,
          body: raw,
          headers: { 'content-type': 'application/json' },
          token: route.staff ? me.token : null,
          locale: spanish ? 'es' : 'en',
        });
        const body = (await response.json()) as { code?: string; message?: string };
        expect(response.status, `${raw} → ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${raw} → ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(typeof body.code).toBe('string');
        expect(typeof body.message).toBe('string');
        expect(await snapshot()).toEqual(before);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a body that is not JSON-typed with 415', async () => {
    const response = await server.request('/api/auth/login', {
      method: 'POST',
      body: 'email=a@b.c&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
  });
});
