import {
  MAILS_PER_HOUR,
  VERIFICATION_CODE_TTL_SECONDS,
  VERIFICATION_MAX_ATTEMPTS,
  VERIFICATION_RESEND_SECONDS,
} from '@conversa/contract/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailVerifications, users } from '../db/schema';
import { EMAIL_CHECKS_PER_IP, MAIL_REQUESTS_PER_IP_PER_HOUR } from '../rate-limit/limits';
import { createUser, createTestServer, type TestServer } from '../testing';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

let n = 0;
const fresh = () => `signup${++n}-${Date.now()}@example.com`;
// Each test speaks from its own address, so per-IP limits of one test do not leak into another.
const ipFor = () => `198.51.100.${n}`;

async function register(email: string, options: { locale?: string; ip?: string; header?: string } = {}) {
  return server.call<{ data: { resend_after_seconds: number }; code: string; message: string }>(
    '/api/user/register-by-email',
    {
      json: { email, ...(options.locale ? { locale: options.locale } : {}) },
      ip: options.ip ?? ipFor(),
      locale: options.header,
    },
  );
}

async function codeFor(email: string): Promise<string> {
  const mail = await server.lastMailTo(email);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

const createPassword = (email: string, code: string, password = 'N3wPassword') =>
  server.call<{ data: { jwt: string; user: { id: number; email: string } }; code: string }>(
    '/api/user/create-password',
    { json: { email, code, password } },
  );

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('checking an e-mail', () => {
  it('answers a few lookups per IP, then 429 with Retry-After; a malformed body does not count', async () => {
    const ip = '203.0.113.77';
    const check = (json: unknown, from = ip) => server.call('/api/user/check-email', { json, ip: from });
    for (let i = 0; i < 5; i += 1) expect((await check({ email: 'not an address' })).status).toBe(400);
    for (let i = 0; i < EMAIL_CHECKS_PER_IP; i += 1)
      expect((await check({ email: fresh() })).status).toBe(200);
    const refused = await check({ email: fresh() });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ code: 'rate_limited' });
    expect((await check({ email: fresh() }, '203.0.113.78')).status).toBe(200);
  });

  it('shares its per-IP limit with register-by-email, which is counted before it can answer 409', async () => {
    const ip = '203.0.113.79';
    const taken = await createUser(server);
    const existing = () => register(taken.email, { ip });
    // Scanning through register-by-email alone: refused at the same limit as check-email.
    for (let i = 0; i < EMAIL_CHECKS_PER_IP; i += 1) expect((await existing()).status).toBe(409);
    const refused = await existing();
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // One budget for both: lookups through check-email use up register-by-email's, and back.
    const other = '203.0.113.80';
    for (let i = 0; i < EMAIL_CHECKS_PER_IP; i += 1) {
      const check = await server.call('/api/user/check-email', { json: { email: fresh() }, ip: other });
      expect(check.status).toBe(200);
    }
    expect((await register(taken.email, { ip: other })).status).toBe(429);
    expect((await register(fresh(), { ip: other })).status).toBe(429);
  });
});

describe('sign-up by e-mail', () => {
  it('walks register → mailed code → create-password → a working session', async () => {
    const email = fresh();
    expect((await server.call('/api/user/check-email', { json: { email } })).body).toEqual({
      data: { exists: false },
    });
    const registered = await register(email.toUpperCase());
    expect(registered.status).toBe(200);
    expect(registered.body).toEqual({ data: { resend_after_seconds: VERIFICATION_RESEND_SECONDS } });

    const mail = await server.lastMailTo(email);
    expect(mail?.subject).toBe('Your Conversa verification code');
    expect(mail?.html).toContain(await codeFor(email));
    const [stored] = await server.database.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.email, email));
    expect(stored?.codeHash).not.toContain(await codeFor(email));

    const created = await createPassword(email, await codeFor(email));
    expect(created.status).toBe(200);
    const { jwt, user } = created.body.data;
    expect(user.email).toBe(email);
    expect(created.body.data).toMatchObject({
      profile: { email, full_name: '', locale: 'en' },
      roles: [],
      institution_id: null,
    });

    const validated = await server.call<{ data: { jwt: string; user: { id: number } } }>(
      '/api/auth/validate-token',
      { method: 'POST', token: jwt },
    );
    expect(validated.status).toBe(200);
    expect(validated.body.data).toMatchObject({ jwt, user: { id: user.id, email } });
    expect((await server.call('/api/user/check-email', { json: { email } })).body).toEqual({
      data: { exists: true },
    });
    const login = await server.call('/api/auth/login', {
      json: { email, password: 'N3wPassword' },
      ip: ipFor(),
    });
    expect(login.status).toBe(200);
  });

  it('refuses an address that already has an account', async () => {
    const { email } = await createUser(server);
    const answer = await register(email);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('email_taken');
    expect(await server.lastMailTo(email)).toBeUndefined();
  });

  it('refuses a wrong code, and a used code cannot be used again', async () => {
    const email = fresh();
    await register(email);
    const code = await codeFor(email);
    const bad = await createPassword(email, wrong(code));
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_verification_code');
    expect((await createPassword(email, code)).status).toBe(200);
    const again = await createPassword(email, code, 'An0therPass');
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('invalid_verification_code');
  });

  it('refuses a code for an address that never registered', async () => {
    const answer = await createPassword(fresh(), '123456');
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('invalid_verification_code');
  });

  it('expires codes after 10 minutes', async () => {
    const email = fresh();
    await register(email);
    const code = await codeFor(email);
    server.clock.advance(VERIFICATION_CODE_TTL_SECONDS * 1000 + 1000);
    const answer = await createPassword(email, code);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('verification_code_expired');
    expect(await countUsers(email)).toBe(0);
  });

  it(`kills a code after ${VERIFICATION_MAX_ATTEMPTS} wrong guesses`, async () => {
    const email = fresh();
    await register(email);
    const code = await codeFor(email);
    for (let i = 0; i < VERIFICATION_MAX_ATTEMPTS; i += 1) {
      expect((await createPassword(email, wrong(code))).body.code).toBe('invalid_verification_code');
    }
    const answer = await createPassword(email, code);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('verification_code_expired');
    expect(await countUsers(email)).toBe(0);

    // A new code works again, and only the newest one.
    server.clock.advance(VERIFICATION_RESEND_SECONDS * 1000);
    await register(email);
    const second = await codeFor(email);
    expect(second).toMatch(/^\d{6}$/);
    expect((await createPassword(email, second)).status).toBe(200);
  });

  it('makes a resend wait for the cooldown, with Retry-After', async () => {
    const email = fresh();
    expect((await register(email)).status).toBe(200);
    const first = await codeFor(email);
    server.clock.advance(20_000);
    const early = await register(email);
    expect(early.status).toBe(429);
    expect(early.body.code).toBe('resend_too_soon');
    expect(Number(early.headers.get('retry-after'))).toBe(VERIFICATION_RESEND_SECONDS - 20);
    expect(early.body.message).toBe(
      `Wait ${VERIFICATION_RESEND_SECONDS - 20} s before asking for another code.`,
    );

    server.clock.advance((VERIFICATION_RESEND_SECONDS - 20) * 1000);
    expect((await register(email)).status).toBe(200);
    const second = await codeFor(email);
    // The resent code replaces the first one (unless both happen to be equal, 1 in a million).
    if (second !== first)
      expect((await createPassword(email, first)).body.code).toBe('invalid_verification_code');
    expect((await createPassword(email, second)).status).toBe(200);
  });

  it(`sends at most ${MAILS_PER_HOUR} codes an hour to an address`, async () => {
    const email = fresh();
    for (let i = 0; i < MAILS_PER_HOUR; i += 1) {
      expect((await register(email)).status).toBe(200);
      server.clock.advance(VERIFICATION_RESEND_SECONDS * 1000);
    }
    const limited = await register(email);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBe(3600 - MAILS_PER_HOUR * VERIFICATION_RESEND_SECONDS);
    expect((await server.mails()).filter((m) => m.to?.[0]?.address === email)).toHaveLength(MAILS_PER_HOUR);

    server.clock.advance(retryAfter * 1000);
    expect((await register(email)).status).toBe(200);
  });

  it(`lets one IP ask for at most ${MAIL_REQUESTS_PER_IP_PER_HOUR} codes an hour`, async () => {
    const ip = '192.0.2.200';
    for (let i = 0; i < MAIL_REQUESTS_PER_IP_PER_HOUR; i += 1) {
      expect((await register(fresh(), { ip })).status).toBe(200);
    }
    const email = fresh();
    const limited = await register(email, { ip });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await server.lastMailTo(email)).toBeUndefined();
    expect((await register(email, { ip: '192.0.2.201' })).status).toBe(200);
  });

  it('mails and answers in Spanish, and the account keeps that locale', async () => {
    const email = fresh();
    expect((await register(email, { header: 'es-ES,es;q=0.9' })).status).toBe(200);
    const mail = await server.lastMailTo(email);
    expect(mail?.subject).toBe('Tu código de verificación de Conversa');
    expect(mail?.text).toContain('El código caduca en 10 minutos');
    expect(mail?.html).toContain('lang="es"');

    const early = await register(email, { header: 'es' });
    expect(early.body.message).toMatch(/^Espera \d+ s antes de pedir otro código\.$/);
    const bad = await server.call<{
      code: string;
      message: string;
      issues: { path: string; message: string }[];
    }>('/api/user/create-password', { json: { email, code: '12', password: 'short' }, locale: 'es' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Algunos campos no son válidos. Revísalos e inténtalo de nuevo.');
    expect(bad.body.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'code', message: 'El código tiene 6 dígitos.' }),
        expect.objectContaining({
          path: 'password',
          message: 'La contraseña debe tener al menos 8 caracteres.',
        }),
      ]),
    );

    const created = await createPassword(email, await codeFor(email));
    expect(created.body.data).toMatchObject({ profile: { locale: 'es' } });
  });

  it('uses the body locale over the request language for the mail', async () => {
    const email = fresh();
    await register(email, { locale: 'en', header: 'es' });
    expect((await server.lastMailTo(email))?.subject).toBe('Your Conversa verification code');
  });
});

async function countUsers(email: string): Promise<number> {
  return (await server.database.db.select().from(users).where(eq(users.email, email))).length;
}
