import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodeMail } from '../mail/templates';
import {
  createSignedInUser,
  createTestServer,
  type IdProvider,
  signInNonce,
  startIdProvider,
  TEST_GOOGLE_CLIENT as GOOGLE_CLIENT,
  type TestServer,
} from '../testing';
import { createLogger } from './logger';

/** A logger writing its JSON lines into an array. */
function capturing() {
  const lines: string[] = [];
  const logger = createLogger('trace', { write: (line: string) => void lines.push(line) });
  return { lines, logger };
}

describe('the logger', () => {
  it('redacts authorization headers, passwords, codes and tokens wherever they sit', () => {
    const { lines, logger } = capturing();
    logger.info(
      {
        authorization: 'Bearer top-level-jwt',
        password: 'Passw0rd-top',
        code: '482913',
        token: 'reset-token-top',
        req: { headers: { authorization: 'Bearer req-jwt', cookie: 'sid=cookie-secret' } },
        headers: { Authorization: 'Bearer capital-jwt' },
        body: {
          password: 'Passw0rd-body',
          current_password: 'Passw0rd-current',
          new_password: 'Passw0rd-new',
          code: '731905',
          verification_token: 'verification-secret',
          credential: 'google-credential-secret',
          id_token: 'microsoft-id-token-secret',
        },
        user: { jwt: 'session-jwt-secret', id: 7 },
        err: { code: 'ECONNREFUSED', message: 'connect failed' },
      },
      'something happened',
    );
    const [line] = lines;
    for (const secret of [
      'top-level-jwt',
      'Passw0rd-top',
      '482913',
      'reset-token-top',
      'req-jwt',
      'cookie-secret',
      'capital-jwt',
      'Passw0rd-body',
      'Passw0rd-current',
      'Passw0rd-new',
      '731905',
      'verification-secret',
      'google-credential-secret',
      'microsoft-id-token-secret',
      'session-jwt-secret',
    ]) {
      expect(line).not.toContain(secret);
    }
    // What is not a secret stays, so the line still helps.
    expect(JSON.parse(line!)).toMatchObject({
      msg: 'something happened',
      user: { id: 7 },
      err: { code: 'ECONNREFUSED' },
    });
  });

  it("redacts a WhatsApp channel's secrets, as the API names them and as the server does", () => {
    const { lines, logger } = capturing();
    logger.warn(
      {
        app_secret: 'app-secret-top',
        body: { access_token: 'EAAG-body-token', app_secret: 'app-secret-body', verify_token: 'verify-body' },
        channel: {
          accessToken: 'EAAG-channel-token',
          appSecret: 'app-secret-channel',
          verifyToken: 'verify-channel',
        },
        input: { channel: { appSecret: 'app-secret-deep', phoneNumberId: '106540352242922' } },
      },
      'whatsapp: something happened',
    );
    const [line] = lines;
    for (const secret of [
      'app-secret-top',
      'EAAG-body-token',
      'app-secret-body',
      'verify-body',
      'EAAG-channel-token',
      'app-secret-channel',
      'verify-channel',
      'app-secret-deep',
    ]) {
      expect(line).not.toContain(secret);
    }
    expect(JSON.parse(line!)).toMatchObject({ input: { channel: { phoneNumberId: '106540352242922' } } });
  });
});

describe('verification code mails', () => {
  it('carry the code in the body only, never in the subject', () => {
    for (const locale of ['en', 'es'] as const) {
      const mail = verificationCodeMail(locale, '482913');
      expect(mail.subject).not.toContain('482913');
      expect(mail.text).toContain('482913');
      expect(mail.html).toContain('482913');
      expect(mail.html).not.toMatch(/<title>[^<]*482913/);
    }
  });
});

describe('the server logs', () => {
  let server: TestServer;
  let idp: IdProvider;

  beforeAll(async () => {
    idp = await startIdProvider();
    server = await createTestServer({ captureLogs: true, env: idp.env });
  });
  afterAll(async () => {
    await server.close();
    await idp.close();
  });

  it('never carry a sign-up code (the outbox line included)', async () => {
    const email = `logs-${Date.now()}@example.com`;
    expect((await server.call('/api/user/register-by-email', { json: { email } })).status).toBe(200);
    const mail = await server.lastMailTo(email);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const outboxLine = server.logs.find((line) => line.includes('mail written to outbox'));
    expect(outboxLine).toBeDefined();
    expect(server.logs.filter((line) => line.includes(code!))).toEqual([]);
  });

  it('name a mail by its message id, never its recipient', async () => {
    const email = `recipient-${Date.now()}@example.com`;
    expect((await server.call('/api/user/register-by-email', { json: { email } })).status).toBe(200);
    const mail = await server.lastMailTo(email);
    const line = server.logs.findLast((entry) => entry.includes('mail written to outbox'));
    expect(JSON.parse(line!).messageId).toBe(mail?.messageId);
    expect(server.logs.filter((entry) => entry.includes(email))).toEqual([]);
  });

  it('never carry passwords or reset links', async () => {
    const user = await createSignedInUser(server);
    await server.call('/api/auth/login', { json: { email: user.email, password: 'Wr0ngSecretPass' } });
    await server.call('/api/user/change-password', {
      json: { current_password: user.password, new_password: 'N3wSecretPass' },
      token: user.token,
    });
    await server.call('/api/user/password/request-reset', { json: { email: user.email } });
    const mail = await server.lastMailTo(user.email);
    const token = /reset-password\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    for (const secret of ['Wr0ngSecretPass', 'N3wSecretPass', user.password, token!, user.token]) {
      expect(server.logs.filter((line) => line.includes(secret))).toEqual([]);
    }
  });

  it('note a refused provider ID token without its claims', async () => {
    const idToken = idp.token(
      {
        iss: 'https://accounts.google.com',
        aud: 'someone-elses-client',
        sub: 'claim-subject-4471',
        email: 'claim-owner@gmail.example',
        email_verified: true,
        name: 'Claimed Name',
        nonce: await signInNonce(server),
      },
      { now: server.clock.now() },
    );
    const answer = await server.call('/api/auth/google', {
      json: { credential: idToken, client_id: GOOGLE_CLIENT },
    });
    expect(answer.status).toBe(401);
    const refused = server.logs.filter((line) => line.includes('provider ID token refused'));
    expect(refused).toHaveLength(1);
    for (const claim of ['claim-subject-4471', 'claim-owner@gmail.example', 'Claimed Name', idToken]) {
      expect(refused[0]).not.toContain(claim);
    }
  });
});
