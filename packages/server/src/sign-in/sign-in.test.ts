import { randomUUID } from 'node:crypto';
import { SessionSchema } from '@conversa/contract/auth';
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS } from '@conversa/contract/constants';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutions, memberships, sessions, users } from '../db/schema';
import { createSignedInUser, createTestServer, createUser, signIn, type TestServer } from '../testing';
import { ISSUER, signGuestToken, STAFF_AUDIENCE } from '../auth/tokens';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({
    env: { ADMIN_EMAILS: 'Boss@Example.com, unverified-boss@example.com, signed-up-boss@example.com' },
  });
});
afterAll(() => server.close());

let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

type Answer = { data: v.InferOutput<typeof SessionSchema>; code: string; message: string };
const login = (email: string, password: string, ip: string) =>
  server.call<Answer>('/api/auth/login', { json: { email, password }, ip });

describe('POST /api/auth/login', () => {
  it('answers a session for the right password, whatever the e-mail case', async () => {
    const user = await createUser(server, { fullName: 'Ana María López' });
    const answer = await login(user.email.toUpperCase(), user.password, nextIp());
    expect(answer.status).toBe(200);
    const session = v.parse(SessionSchema, answer.body.data);
    expect(session).toMatchObject({
      user: { id: user.id, email: user.email },
      profile: { full_name: 'Ana María López', email: user.email, locale: 'en', role: null },
      roles: [],
      institution_id: null,
    });
    const [row] = await server.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row?.revokedAt).toBeNull();
    const validated = await server.call<Answer>('/api/auth/validate-token', {
      method: 'POST',
      token: session.jwt,
    });
    expect(validated.body.data).toEqual(session);
  });

  it('gives the same answer for a wrong password and an unknown e-mail, in about the same time', async () => {
    const user = await createUser(server);
    const ip = nextIp();
    const timed = async (email: string) => {
      const started = performance.now();
      const answer = await login(email, 'Wr0ngPassword', ip);
      return { answer, ms: performance.now() - started };
    };
    await timed(user.email); // warm-up (the dummy hash is made on first use)
    const known = [];
    const unknown = [];
    // Four of each: with the warm-up, 9 failures from one IP, under the login limit.
    for (let i = 0; i < 4; i += 1) {
      known.push(await timed(user.email));
      unknown.push(await timed(`nobody-${randomUUID()}@example.com`));
    }
    for (const { answer } of [...known, ...unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        message: 'The email or password is incorrect.',
        code: 'invalid_credentials',
      });
    }
    // Medians, with wide bounds: a busy machine adds noise, but skipping the hash for an unknown
    // e-mail would make it some 20 times faster, far outside them.
    const median = (list: { ms: number }[]) => {
      const sorted = list.map((x) => x.ms).sort((a, b) => a - b);
      return (sorted[1]! + sorted[2]!) / 2;
    };
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.25);
    expect(median(unknown)).toBeLessThan(median(known) * 4);
  });

  it('refuses a password on an account that has none (third-party sign-in only)', async () => {
    const [row] = await server.database.db
      .insert(users)
      .values({ email: `google-${randomUUID()}@example.com`, passwordHash: null })
      .returning();
    const answer = await login(row!.email, 'Passw0rd!', nextIp());
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('invalid_credentials');
  });

  it(`locks an account after ${LOGIN_MAX_FAILURES} failures in the window, then lets it in again`, async () => {
    const user = await createUser(server);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) {
      // Different IPs: the per-account limit alone must fire.
      expect((await login(user.email, 'Wr0ngPassword', nextIp())).status).toBe(401);
    }
    const locked = await login(user.email, user.password, nextIp());
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('rate_limited');
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(LOGIN_WINDOW_SECONDS - 60);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_WINDOW_SECONDS);
    expect(locked.body.message).toBe(`Too many attempts. Try again in ${Math.ceil(retryAfter / 60)} min.`);

    server.clock.advance((retryAfter - 30) * 1000);
    expect((await login(user.email, user.password, nextIp())).status).toBe(429);
    server.clock.advance(31 * 1000);
    expect((await login(user.email, user.password, nextIp())).status).toBe(200);
  });

  it(`locks an IP after ${LOGIN_MAX_FAILURES} failures across accounts, not other IPs`, async () => {
    const ip = nextIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) {
      expect((await login(`victim${i}-${randomUUID()}@example.com`, 'Wr0ngPassword', ip)).status).toBe(401);
    }
    const user = await createUser(server);
    const locked = await login(user.email, user.password, ip);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('rate_limited');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login(user.email, user.password, nextIp())).status).toBe(200);

    server.clock.advance(LOGIN_WINDOW_SECONDS * 1000);
    expect((await login(user.email, user.password, ip)).status).toBe(200);
  });

  it('does not count successful logins', async () => {
    const user = await createUser(server);
    const ip = nextIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES + 2; i += 1) {
      expect((await login(user.email, user.password, ip)).status).toBe(200);
    }
  });

  it('answers in Spanish', async () => {
    const answer = await server.call<Answer>('/api/auth/login', {
      json: { email: 'nobody@example.com', password: 'x' },
      ip: nextIp(),
      locale: 'es',
    });
    expect(answer.body.message).toBe('El correo o la contraseña no son correctos.');
  });
});

describe('session answer', () => {
  async function institution(name: string) {
    const [row] = await server.database.db.insert(institutions).values({ name, kind: 'school' }).returning();
    return row!.id;
  }

  it('carries the membership role in the last institution, else the first membership', async () => {
    const user = await createSignedInUser(server);
    const first = await institution('First School');
    const second = await institution('Second School');
    const db = server.database.db;
    await db.insert(memberships).values({ institutionId: first, userId: user.id, role: 'admissions' });
    await db.insert(memberships).values({ institutionId: second, userId: user.id, role: 'main' });
    const session = async () =>
      (await server.call<Answer>('/api/auth/validate-token', { method: 'POST', token: user.token })).body
        .data;

    expect(await session()).toMatchObject({ roles: ['admissions'], institution_id: first });
    await db.update(users).set({ lastInstitutionId: second }).where(eq(users.id, user.id));
    expect(await session()).toMatchObject({ roles: ['main'], institution_id: second });
    // No longer a member of the last institution: back to the first membership.
    await db.delete(memberships).where(eq(memberships.institutionId, second));
    expect(await session()).toMatchObject({ roles: ['admissions'], institution_id: first });
  });

  it('adds admin for ADMIN_EMAILS and users.is_admin; admins keep any last institution', async () => {
    const boss = await createSignedInUser(server, { email: 'boss@example.com' });
    const school = await institution('Any School');
    const db = server.database.db;
    await db.update(users).set({ lastInstitutionId: school }).where(eq(users.id, boss.id));
    const answer = await server.call<Answer>('/api/auth/validate-token', {
      method: 'POST',
      token: boss.token,
    });
    expect(answer.body.data).toMatchObject({ roles: ['admin'], institution_id: school });

    const granted = await createSignedInUser(server, { isAdmin: true });
    const other = await server.call<Answer>('/api/auth/validate-token', {
      method: 'POST',
      token: granted.token,
    });
    expect(other.body.data).toMatchObject({ roles: ['admin'], institution_id: null });
  });
});

describe('platform admin from ADMIN_EMAILS', () => {
  const roles = async (token: string) =>
    (await server.call<Answer>('/api/auth/validate-token', { method: 'POST', token })).body.data.roles;
  const adminList = (token: string) => server.call('/api/institution', { token });

  it('is not given to an address nobody verified', async () => {
    // An account whose address no one proved (as a third-party sign-in with an unverified e-mail
    // claim could once create): the e-mail matches ADMIN_EMAILS, but that proves nothing.
    const [row] = await server.database.db
      .insert(users)
      .values({ email: 'unverified-boss@example.com', passwordHash: null })
      .returning();
    const token = await signIn(server, row!.id);
    expect(await roles(token)).toEqual([]);
    expect((await adminList(token)).status).toBe(403);
  });

  it('is given once the sign-up code proved the address', async () => {
    const email = 'signed-up-boss@example.com';
    expect((await server.call('/api/user/register-by-email', { json: { email, locale: 'en' } })).status).toBe(
      200,
    );
    const code = /\b(\d{6})\b/.exec((await server.lastMailTo(email))?.text ?? '')?.[1];
    const created = await server.call<Answer>('/api/user/create-password', {
      json: { email, code, password: 'Passw0rd!' },
    });
    expect(created.status).toBe(200);
    expect(created.body.data.roles).toEqual(['admin']);
    expect((await adminList(created.body.data.jwt)).status).toBe(200);
  });
});

describe('bad tokens', () => {
  const secret = () => server.config.keys.tokenKey;
  const validate = (token: string | null) =>
    server.call<Answer>('/api/auth/validate-token', { method: 'POST', token });

  async function liveSession() {
    const user = await createUser(server);
    const sessionId = randomUUID();
    const now = server.clock.now();
    await server.database.db.insert(sessions).values({
      id: sessionId,
      userId: user.id,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    });
    return { user, sessionId, now };
  }

  const staffJwt = (
    key: Uint8Array,
    { sub, jti, aud = STAFF_AUDIENCE, exp }: Record<string, string | number>,
  ) =>
    new SignJWT({ typ: 'staff' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(String(aud))
      .setSubject(String(sub))
      .setJti(String(jti))
      .setIssuedAt()
      .setExpirationTime(exp ?? '1h')
      .sign(key);

  it('accepts a well-made token for a live session (control)', async () => {
    const { user, sessionId } = await liveSession();
    expect((await validate(await staffJwt(secret(), { sub: user.id, jti: sessionId }))).status).toBe(200);
  });

  it('refuses no token, garbage, a wrong secret, alg none, a wrong audience and an expired token with 401', async () => {
    const { user, sessionId, now } = await liveSession();
    const forged = await staffJwt(new TextEncoder().encode('another-secret-that-is-long-enough-0123456789'), {
      sub: user.id,
      jti: sessionId,
    });
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({
      typ: 'staff',
      iss: ISSUER,
      aud: STAFF_AUDIENCE,
      sub: String(user.id),
      jti: sessionId,
      exp: Math.floor(now.getTime() / 1000) + 3600,
    })}.`;
    const wrongAudience = await staffJwt(secret(), { sub: user.id, jti: sessionId, aud: 'conversa:guest' });
    const expired = await staffJwt(secret(), {
      sub: user.id,
      jti: sessionId,
      exp: Math.floor(now.getTime() / 1000) - 10,
    });

    const none = await validate(null);
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('unauthorized');
    for (const token of ['not-a-jwt', forged, unsigned, wrongAudience]) {
      const answer = await validate(token);
      expect(answer.status, token).toBe(401);
      expect(answer.body).toEqual({ message: 'The session is no longer valid', code: 'session_invalid' });
    }
    // Ours but past its time: the console sends the person to sign in again.
    const late = await validate(expired);
    expect(late.status).toBe(401);
    expect(late.body).toEqual({
      message: 'Your session has expired. Please sign in again.',
      code: 'session_expired',
    });
  });

  it('refuses a token whose session expired on the server clock', async () => {
    const user = await createUser(server);
    const token = await signIn(server, user.id);
    expect((await validate(token)).status).toBe(200);
    server.clock.advance(8 * 24 * 3600 * 1000);
    expect((await validate(token)).status).toBe(401);
  });

  it('refuses guest tokens with 403 on every staff route', async () => {
    const user = await createUser(server);
    const guest = await signGuestToken(secret(), {
      assistantId: 1,
      conversationId: randomUUID(),
      now: server.clock.now(),
    });
    const routes: [string, string, unknown][] = [
      ['POST', '/api/auth/validate-token', undefined],
      ['POST', '/api/user/change-password', { current_password: 'Passw0rd!', new_password: 'N3wPassword' }],
      ['POST', '/api/user/logout', undefined],
      ['PUT', `/api/user/${user.id}/profile`, { full_name: 'Guest', locale: 'en' }],
    ];
    for (const [method, path, json] of routes) {
      const answer = await server.call<Answer>(path, { method, json, token: guest });
      expect(answer.status, path).toBe(403);
      expect(answer.body.code).toBe('guest_forbidden');
    }
  });
});
