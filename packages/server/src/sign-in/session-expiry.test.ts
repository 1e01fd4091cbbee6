import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { sessions } from '../db/schema';
import { createTestServer, createUser, type TestServer } from '../testing';

const MINUTE = 60_000;

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

type Answer = { data: { jwt: string }; code: string; message: string };

async function signedIn(): Promise<{ userId: number; jwt: string }> {
  const user = await createUser(server);
  const answer = await server.call<Answer>('/api/auth/login', {
    json: { email: user.email, password: user.password },
    ip: nextIp(),
  });
  expect(answer.status).toBe(200);
  return { userId: user.id, jwt: answer.body.data.jwt };
}

const validate = (token: string, locale = 'en') =>
  server.call<Answer>('/api/auth/validate-token', { method: 'POST', token, locale });
const renew = (token: string) => server.call<Answer>('/api/auth/renew', { method: 'POST', token });

describe('staff sessions: short access tokens, idle timeout, absolute limit', () => {
  it('signs an access token of one hour by default (at most 12 hours), not a week', async () => {
    const { jwt } = await signedIn();
    const { iat, exp } = decodeJwt(jwt);
    expect(exp! - iat!).toBe(60 * 60);
    expect(server.config.sessions.tokenTtlMs).toBeLessThanOrEqual(12 * 60 * MINUTE);
  });

  it('ends a session left idle past the timeout with 401 session_expired, in English and Spanish', async () => {
    const { jwt } = await signedIn();
    server.clock.advance(29 * MINUTE);
    expect((await validate(jwt)).status).toBe(200);
    // Idle counts from the last request, not from the sign-in.
    server.clock.advance(29 * MINUTE);
    expect((await validate(jwt)).status).toBe(200);
    server.clock.advance(31 * MINUTE);
    const en = await validate(jwt);
    expect(en.status).toBe(401);
    expect(en.body).toEqual({
      code: 'session_expired',
      message: 'Your session has expired. Please sign in again.',
    });
    const es = await validate(jwt, 'es');
    expect(es.status).toBe(401);
    expect(es.body).toEqual({
      code: 'session_expired',
      message: 'Tu sesión ha caducado. Inicia sesión de nuevo.',
    });
    // An expired session cannot be renewed either.
    expect((await renew(jwt)).body.code).toBe('session_expired');
  });

  it('keeps the last activity in the session row, which every server process reads', async () => {
    const { jwt } = await signedIn();
    const sessionId = decodeJwt(jwt).jti!;
    server.clock.advance(10 * MINUTE);
    expect((await validate(jwt)).status).toBe(200);
    const [row] = await server.database.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(Math.abs(row!.lastSeenAt.getTime() - server.clock.now().getTime())).toBeLessThan(5_000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(12 * 60 * MINUTE + 5_000);
    // Another process's view: the row says idle, so this one refuses too.
    await server.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(server.clock.now().getTime() - 31 * MINUTE) })
      .where(eq(sessions.id, sessionId));
    server.sessionCache.forgetUser(Number(decodeJwt(jwt).sub));
    expect((await validate(jwt)).body.code).toBe('session_expired');
  });

  it('holds across server processes: the activity one records keeps the session alive in the next', async () => {
    const first = await createTestServer({ durable: true, runJobs: false });
    const user = await createUser(first);
    const login = await first.call<Answer>('/api/auth/login', {
      json: { email: user.email, password: user.password },
      ip: nextIp(),
    });
    const jwt = login.body.data.jwt;
    first.clock.advance(20 * MINUTE);
    expect((await first.call('/api/auth/validate-token', { method: 'POST', token: jwt })).status).toBe(200);
    await first.close();

    const second = await createTestServer({ reopen: first.location, runJobs: false });
    try {
      const check = () => second.call<Answer>('/api/auth/validate-token', { method: 'POST', token: jwt });
      // 40 minutes after the sign-in, 20 after the request the other process saw: alive.
      second.clock.advance(40 * MINUTE);
      expect((await check()).status).toBe(200);
      second.clock.advance(31 * MINUTE);
      expect((await check()).body.code).toBe('session_expired');
    } finally {
      await second.close();
    }
  });

  it('refuses an access token past its own expiry although the session is in use', async () => {
    const { jwt } = await signedIn();
    for (let i = 0; i < 2; i += 1) {
      server.clock.advance(25 * MINUTE);
      expect((await validate(jwt)).status).toBe(200);
    }
    server.clock.advance(11 * MINUTE);
    const answer = await validate(jwt);
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('session_expired');
  });

  it('renews the access token while the console is in use, up to the absolute limit of 12 hours', async () => {
    const { jwt: first } = await signedIn();
    let jwt = first;
    const started = server.clock.now().getTime();
    while (server.clock.now().getTime() - started < 11.5 * 60 * MINUTE) {
      server.clock.advance(25 * MINUTE);
      const renewed = await renew(jwt);
      expect(renewed.status).toBe(200);
      const claims = decodeJwt(renewed.body.data.jwt);
      expect(claims.jti).toBe(decodeJwt(first).jti);
      expect(claims.exp! * 1000).toBeGreaterThan(server.clock.now().getTime());
      jwt = renewed.body.data.jwt;
      expect((await validate(jwt)).status).toBe(200);
    }
    // A renewed token never outlives the session.
    expect(decodeJwt(jwt).exp! * 1000).toBeLessThanOrEqual(started + 12 * 60 * MINUTE + 5_000);
    server.clock.advance(25 * MINUTE);
    const late = await renew(jwt);
    expect(late.status).toBe(401);
    expect(late.body.code).toBe('session_expired');
  });

  it("drops a user's sessions that ended over a day ago when they sign in again", async () => {
    const user = await createUser(server);
    const signInAs = () =>
      server.call<Answer>('/api/auth/login', {
        json: { email: user.email, password: user.password },
        ip: nextIp(),
      });
    const old = decodeJwt((await signInAs()).body.data.jwt).jti!;
    server.clock.advance(37 * 60 * MINUTE);
    const kept = decodeJwt((await signInAs()).body.data.jwt).jti!;
    const rows = await server.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(rows.map((row) => row.id)).toEqual([kept]);
    expect(old).not.toBe(kept);
  });

  it('does not renew a signed-out session', async () => {
    const { jwt } = await signedIn();
    expect((await server.call('/api/user/logout', { method: 'POST', token: jwt })).status).toBe(200);
    const answer = await renew(jwt);
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('session_invalid');
  });

  it('reads the limits from the environment and refuses, at start, a token over 12 hours or an idle time over half its life', () => {
    const env = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: server.location.dataDir };
    expect(
      loadConfig({
        ...env,
        STAFF_TOKEN_TTL_MINUTES: '720',
        STAFF_SESSION_IDLE_MINUTES: '240',
        STAFF_SESSION_MAX_HOURS: '24',
      }).sessions,
    ).toEqual({ tokenTtlMs: 720 * MINUTE, idleMs: 240 * MINUTE, maxAgeMs: 24 * 60 * MINUTE });
    expect(() => loadConfig({ ...env, STAFF_TOKEN_TTL_MINUTES: '721' })).toThrow(/STAFF_TOKEN_TTL_MINUTES/);
    expect(() =>
      loadConfig({ ...env, STAFF_TOKEN_TTL_MINUTES: '30', STAFF_SESSION_IDLE_MINUTES: '20' }),
    ).toThrow(/STAFF_SESSION_IDLE_MINUTES/);
    expect(() => loadConfig({ ...env, STAFF_SESSION_MAX_HOURS: '0' })).toThrow(/STAFF_SESSION_MAX_HOURS/);
  });
});
