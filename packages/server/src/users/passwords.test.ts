import { randomUUID } from 'node:crypto';
import { LOGIN_MAX_FAILURES, MAILS_PER_HOUR, RESET_TOKEN_TTL_SECONDS } from '@conversa/contract/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identities, jobs, passwordResets, users } from '../db/schema';
import { createSignedInUser, createTestServer, createUser, signIn, type TestServer } from '../testing';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

type Answer = { data: { message: string; code: string; jwt: string }; code: string; message: string };

const validate = (token: string) => server.call('/api/auth/validate-token', { method: 'POST', token });
const login = (email: string, password: string) =>
  server.call<Answer>('/api/auth/login', { json: { email, password }, ip: nextIp() });
const requestReset = (email: string, options: { locale?: string; ip?: string } = {}) =>
  server.call<Answer>('/api/user/password/request-reset', {
    json: { email },
    locale: options.locale,
    ip: options.ip ?? nextIp(),
  });
const reset = (token: string, password = 'R3setPassword') =>
  server.call<Answer>('/api/user/password/reset', { json: { verification_token: token, password } });

async function linkTokenFor(email: string): Promise<string> {
  const mail = await server.lastMailTo(email);
  const link = /http:\/\/conversa\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!link?.[1]) throw new Error(`no reset link mailed to ${email}`);
  return link[1];
}

describe('POST /api/user/change-password', () => {
  it('changes the password, ends every other session and keeps the current one', async () => {
    const user = await createSignedInUser(server);
    const other = await signIn(server, user.id);
    const answer = await server.call<Answer>('/api/user/change-password', {
      json: { current_password: user.password, new_password: 'Chang3dPass' },
      token: user.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      message: 'Password was successfully updated.',
      code: 'password_updated',
    });
    expect((await validate(user.token)).status).toBe(200);
    expect((await validate(other)).status).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await login(user.email, 'Chang3dPass')).status).toBe(200);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const user = await createSignedInUser(server);
    const other = await signIn(server, user.id);
    const answer = await server.call<Answer>('/api/user/change-password', {
      json: { current_password: 'Wr0ngPassword', new_password: 'Chang3dPass' },
      token: user.token,
      locale: 'es',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: 'La contraseña actual no es correcta.',
      code: 'wrong_current_password',
    });
    expect((await validate(other)).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it('checks the new password rules', async () => {
    const user = await createSignedInUser(server);
    const answer = await server.call<Answer & { issues: { path: string; code: string }[] }>(
      '/api/user/change-password',
      { json: { current_password: user.password, new_password: 'alllowercase1' }, token: user.token },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([
      expect.objectContaining({ path: 'new_password', code: 'password_needs_uppercase' }),
    ]);
  });

  it('counts wrong current passwords as failed logins of the account', async () => {
    const user = await createSignedInUser(server);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) {
      await server.call('/api/user/change-password', {
        json: { current_password: `Wr0ng${i}`, new_password: 'Chang3dPass' },
        token: user.token,
      });
    }
    const locked = await server.call<Answer>('/api/user/change-password', {
      json: { current_password: user.password, new_password: 'Chang3dPass' },
      token: user.token,
    });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('needs a token', async () => {
    const answer = await server.call<Answer>('/api/user/change-password', {
      json: { current_password: 'Passw0rd!', new_password: 'Chang3dPass' },
    });
    expect(answer.status).toBe(401);
  });
});

describe('password reset', () => {
  it('mails a one-time link; the reset sets the password and ends every session', async () => {
    const user = await createSignedInUser(server);
    const requested = await requestReset(user.email.toUpperCase());
    expect(requested.status).toBe(200);
    expect(requested.body.data.code).toBe('reset_mail_sent');
    const mail = await server.lastMailTo(user.email);
    expect(mail?.subject).toBe('Reset your Conversa password');
    const token = await linkTokenFor(user.email);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(mail?.html).toContain(`reset-password?token=${token}`);
    const stored = await server.database.db.select().from(passwordResets);
    expect(stored.some((row) => row.tokenHash.includes(token))).toBe(false);

    const done = await reset(token);
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({
      message: 'Your password was reset. Sign in with the new one.',
      code: 'password_reset',
    });
    expect((await validate(user.token)).status).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await login(user.email, 'R3setPassword')).status).toBe(200);

    const reused = await reset(token, 'An0therPassword');
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('reset_token_invalid');
    expect((await login(user.email, 'R3setPassword')).status).toBe(200);
  });

  it('unlinks Google and Microsoft identities and marks the address verified', async () => {
    // An account made by a provider sign-in: whoever linked those identities, the person who
    // resets through the mailbox owns the address now, and the old links lose their way in.
    const [row] = await server.database.db
      .insert(users)
      .values({ email: `linked-${randomUUID().slice(0, 8)}@example.com`, passwordHash: null })
      .returning();
    const owner = row!;
    const bystander = await createUser(server);
    const now = server.clock.now();
    await server.database.db.insert(identities).values([
      { provider: 'google', subject: `g-${randomUUID()}`, userId: owner.id, createdAt: now },
      { provider: 'microsoft', subject: `${randomUUID()}:${randomUUID()}`, userId: owner.id, createdAt: now },
      { provider: 'google', subject: `g-${randomUUID()}`, userId: bystander.id, createdAt: now },
    ]);

    await requestReset(owner.email);
    expect((await reset(await linkTokenFor(owner.email))).status).toBe(200);
    const db = server.database.db;
    expect(await db.$count(identities, eq(identities.userId, owner.id))).toBe(0);
    expect(await db.$count(identities, eq(identities.userId, bystander.id))).toBe(1);
    const [after] = await db.select().from(users).where(eq(users.id, owner.id));
    expect(after?.emailVerifiedAt).not.toBeNull();
  });

  it('answers the same for an unknown e-mail and mails nothing', async () => {
    const user = await createUser(server);
    const known = await requestReset(user.email);
    const email = `nobody-${Date.now()}@example.com`;
    const unknown = await requestReset(email);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(await server.lastMailTo(email)).toBeUndefined();
  });

  it('refuses an expired link', async () => {
    const user = await createUser(server);
    await requestReset(user.email);
    const token = await linkTokenFor(user.email);
    server.clock.advance(RESET_TOKEN_TTL_SECONDS * 1000 + 1000);
    const answer = await reset(token);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('reset_token_invalid');
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it('refuses a made-up token', async () => {
    const answer = await reset('A'.repeat(43));
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('reset_token_invalid');
  });

  it('ends older links when one is used', async () => {
    const user = await createUser(server);
    await requestReset(user.email);
    const first = await linkTokenFor(user.email);
    await requestReset(user.email);
    const second = await linkTokenFor(user.email);
    expect(second).not.toBe(first);
    expect((await reset(second)).status).toBe(200);
    expect((await reset(first)).body.code).toBe('reset_token_invalid');
  });

  it(`sends at most ${MAILS_PER_HOUR} mails an hour per address, known or not`, async () => {
    const user = await createUser(server);
    const unknown = `nobody-${Date.now()}@example.com`;
    for (const email of [user.email, unknown]) {
      for (let i = 0; i < MAILS_PER_HOUR; i += 1) expect((await requestReset(email)).status).toBe(200);
      const limited = await requestReset(email);
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('rate_limited');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3500);
    }
    expect((await server.mails()).filter((m) => m.to?.[0]?.address === user.email)).toHaveLength(
      MAILS_PER_HOUR,
    );
    const ids = await server.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.id));
    expect(ids).toHaveLength(MAILS_PER_HOUR);
  });

  it('limits one IP across addresses', async () => {
    const ip = '192.0.2.99';
    for (let i = 0; i < 20; i += 1)
      expect((await requestReset(`spam${i}@example.com`, { ip })).status).toBe(200);
    expect((await requestReset('spam-last@example.com', { ip })).status).toBe(429);
  });

  it('mails in the account locale and answers in the request language', async () => {
    const user = await createUser(server, { locale: 'es' });
    const answer = await requestReset(user.email, { locale: 'es' });
    expect(answer.body.data.message).toBe(
      'Si existe una cuenta con este correo, te enviamos un enlace para restablecer la contraseña.',
    );
    const mail = await server.lastMailTo(user.email);
    expect(mail?.subject).toBe('Restablece tu contraseña de Conversa');
    expect(mail?.text).toContain('El enlace caduca en 60 minutos');
  });

  it('lifts a login lock once the owner resets the password', async () => {
    const user = await createUser(server);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) await login(user.email, 'Wr0ngPassword');
    expect((await login(user.email, user.password)).status).toBe(429);
    await requestReset(user.email);
    expect((await reset(await linkTokenFor(user.email))).status).toBe(200);
    expect((await login(user.email, 'R3setPassword')).status).toBe(200);
  });
});

describe('password mails through the job queue', () => {
  it('answers request-reset alike for known and unknown addresses, and mails from a job', async () => {
    const queued = await createTestServer({ runJobs: false });
    try {
      const user = await createUser(queued);
      const ask = (email: string) =>
        queued.call<Answer>('/api/user/password/request-reset', { json: { email }, ip: nextIp() });
      const known = await ask(user.email);
      const unknown = await ask(`nobody-${Date.now()}@example.com`);
      expect(known.status).toBe(200);
      expect(unknown.body).toEqual(known.body);
      // Nothing was mailed or stored while answering: the same work for both addresses, a job each.
      expect(await queued.mails()).toEqual([]);
      expect(await queued.database.db.$count(passwordResets)).toBe(0);
      const waiting = await queued.database.db.select().from(jobs);
      expect(waiting.map((job) => job.state)).toEqual(['queued', 'queued']);
      expect(JSON.stringify(waiting)).not.toMatch(/token/i);

      queued.jobs.start();
      await queued.jobs.idle();
      const mails = await queued.mails();
      expect(mails.map((mail) => mail.to?.[0]?.address)).toEqual([user.email]);
      expect(mails[0]?.text).toMatch(/reset-password\?token=[\w-]{43}/);
    } finally {
      await queued.close();
    }
  });

  it('notices the owner after a change of password, in their language', async () => {
    const user = await createSignedInUser(server, { locale: 'es' });
    const answer = await server.call<Answer>('/api/user/change-password', {
      json: { current_password: user.password, new_password: 'Chang3dPass' },
      token: user.token,
    });
    expect(answer.status).toBe(200);
    const mail = await server.lastMailTo(user.email);
    expect(mail?.subject).toBe('Tu contraseña de Conversa ha cambiado');
    expect(mail?.text).toContain('restablece tu contraseña');
    expect(mail?.text).toContain('http://conversa.test/reset-password');
    expect(mail?.html).toContain('lang="es"');
  });

  it('notices the owner after a reset', async () => {
    const user = await createUser(server);
    await requestReset(user.email);
    expect((await reset(await linkTokenFor(user.email))).status).toBe(200);
    const mail = await server.lastMailTo(user.email);
    expect(mail?.subject).toBe('Your Conversa password was changed');
    expect(mail?.text).not.toMatch(/token=/);
  });

  it('sends nothing when the current password is wrong', async () => {
    const user = await createSignedInUser(server);
    await server.call('/api/user/change-password', {
      json: { current_password: 'Wr0ngPassword', new_password: 'Chang3dPass' },
      token: user.token,
    });
    expect(await server.lastMailTo(user.email)).toBeUndefined();
  });
});

describe('POST /api/user/logout', () => {
  it('ends that token only', async () => {
    const user = await createSignedInUser(server);
    const other = await signIn(server, user.id);
    const answer = await server.call<Answer>('/api/user/logout', { method: 'POST', token: user.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ message: 'You are signed out.', code: 'logged_out' });
    const after = await server.call<Answer>('/api/auth/validate-token', {
      method: 'POST',
      token: user.token,
    });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('session_invalid');
    expect((await server.call('/api/user/logout', { method: 'POST', token: user.token })).status).toBe(401);
    expect((await validate(other)).status).toBe(200);
  });
});
