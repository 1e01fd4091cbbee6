import { randomUUID } from 'node:crypto';
import { LOGIN_MAX_FAILURES } from '@conversa/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestServer, createUser, type TestServer } from '../testing';

// The throttles are taken before the password is checked: parallel guesses cannot all pass a
// check that only counts the failures already recorded.
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

let ipCounter = 0;
const nextIp = () => `192.0.2.${++ipCounter}`;
const CONCURRENT = 50;

const login = (email: string, password: string, ip: string) =>
  server.call<{ code: string }>('/api/auth/login', { json: { email, password }, ip });

/** How many answers had each status, and whether every 429 said when to come back. */
function tally(answers: { status: number; headers: Headers }[]) {
  const counts = new Map<number, number>();
  for (const answer of answers) counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
  const limited = answers.filter((answer) => answer.status === 429);
  return {
    counts: Object.fromEntries(counts),
    retryAfter: limited.every((answer) => Number(answer.headers.get('retry-after')) > 0),
  };
}

describe('login throttles under concurrency', () => {
  it(`checks at most ${LOGIN_MAX_FAILURES} of ${CONCURRENT} parallel wrong passwords for one account`, async () => {
    const user = await createUser(server);
    const ip = nextIp();
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) => login(user.email, `Wr0ngPass${i}`, ip)),
    );
    const { counts, retryAfter } = tally(answers);
    expect(counts).toEqual({ 401: LOGIN_MAX_FAILURES, 429: CONCURRENT - LOGIN_MAX_FAILURES });
    expect(retryAfter).toBe(true);
    // Locked now, the right password included.
    expect((await login(user.email, user.password, nextIp())).status).toBe(429);
  });

  it(`checks at most ${LOGIN_MAX_FAILURES} parallel wrong logins from one IP across accounts`, async () => {
    const ip = nextIp();
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, () => login(`nobody-${randomUUID()}@example.com`, 'Wr0ngPass1', ip)),
    );
    const { counts, retryAfter } = tally(answers);
    expect(counts).toEqual({ 401: LOGIN_MAX_FAILURES, 429: CONCURRENT - LOGIN_MAX_FAILURES });
    expect(retryAfter).toBe(true);
  });

  it('does not count a successful login against the account or the IP', async () => {
    const user = await createUser(server);
    const ip = nextIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i += 1) {
      expect((await login(user.email, `Wr0ngPass${i}`, ip)).status).toBe(401);
    }
    // The last slot: taken for the check, given back on success.
    expect((await login(user.email, user.password, ip)).status).toBe(200);
    expect((await login(user.email, user.password, ip)).status).toBe(200);
    expect((await login(user.email, 'Wr0ngPassLast', ip)).status).toBe(401);
    expect((await login(user.email, user.password, ip)).status).toBe(429);
  });

  it('lets parallel right passwords in while no failures are recorded', async () => {
    const user = await createUser(server);
    const answers = await Promise.all(
      Array.from({ length: LOGIN_MAX_FAILURES }, () => login(user.email, user.password, nextIp())),
    );
    expect(tally(answers).counts).toEqual({ 200: LOGIN_MAX_FAILURES });
    expect((await login(user.email, user.password, nextIp())).status).toBe(200);
  });
});

describe('change-password throttle under concurrency', () => {
  it(`checks at most ${LOGIN_MAX_FAILURES} of ${CONCURRENT} parallel wrong current passwords`, async () => {
    const user = await createSignedInUser(server);
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) =>
        server.call('/api/user/change-password', {
          json: { current_password: `Wr0ngPass${i}`, new_password: 'Chang3dPass' },
          token: user.token,
          ip: nextIp(),
        }),
      ),
    );
    const { counts, retryAfter } = tally(answers);
    expect(counts).toEqual({ 400: LOGIN_MAX_FAILURES, 429: CONCURRENT - LOGIN_MAX_FAILURES });
    expect(retryAfter).toBe(true);
  });

  it('does not count a successful change against the account', async () => {
    const user = await createSignedInUser(server);
    const change = (current: string, next: string) =>
      server.call('/api/user/change-password', {
        json: { current_password: current, new_password: next },
        token: user.token,
      });
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i += 1) {
      expect((await change(`Wr0ngPass${i}`, 'Chang3dPass')).status).toBe(400);
    }
    expect((await change(user.password, 'Chang3dPass')).status).toBe(200);
    expect((await change('Wr0ngPassLast', 'Chang3dPass2')).status).toBe(400);
    expect((await change('Chang3dPass', 'Chang3dPass2')).status).toBe(429);
  });
});
