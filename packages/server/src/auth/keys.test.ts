import { createHmac, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailVerifications, sessions } from '../db/schema';
import { createTestServer, createUser, type TestServer } from '../testing';
import { deriveKeys } from './keys';
import { signGuestToken, signStaffToken } from './tokens';

const RAW_SECRET = 'a-jwt-secret-for-the-key-derivation-test-0123456789';
const raw = new TextEncoder().encode(RAW_SECRET);

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ env: { JWT_SECRET: RAW_SECRET } });
});
afterAll(() => server.close());

async function liveSession() {
  const user = await createUser(server);
  const sessionId = randomUUID();
  const now = server.clock.now();
  const expiresAt = new Date(now.getTime() + 3_600_000);
  await server.database.db.insert(sessions).values({ id: sessionId, userId: user.id, expiresAt });
  return { userId: user.id, sessionId, now, expiresAt };
}

describe('keys derived from JWT_SECRET', () => {
  it('derives a token key, a code key and a stored-secrets key that differ from each other and from the secret', () => {
    const { tokenKey, codeKey, secretsKey } = deriveKeys(raw);
    const all = [tokenKey, codeKey, secretsKey];
    for (const key of all) expect(key).toHaveLength(32);
    expect(new Set(all.map((key) => Buffer.from(key).toString('hex'))).size).toBe(3);
    expect(Buffer.from(tokenKey).equals(Buffer.from(raw).subarray(0, 32))).toBe(false);
    // The same secret gives the same keys (several processes share one JWT_SECRET) ...
    expect(deriveKeys(new TextEncoder().encode(RAW_SECRET))).toEqual({ tokenKey, codeKey, secretsKey });
    // ... and the server uses exactly these.
    expect(server.config.keys).toEqual({ tokenKey, codeKey, secretsKey });
    // WHATSAPP_SECRETS_KEY, when set, replaces only the stored-secrets key's source.
    const apart = deriveKeys(raw, new TextEncoder().encode('another-secret-for-stored-secrets-0123'));
    expect(apart).toMatchObject({ tokenKey, codeKey });
    expect(apart.secretsKey).not.toEqual(secretsKey);
    expect(deriveKeys(new TextEncoder().encode(`${RAW_SECRET}!`)).tokenKey).not.toEqual(tokenKey);
  });

  it('refuses a staff or guest token signed with the raw JWT_SECRET', async () => {
    const session = await liveSession();
    const staff = await signStaffToken(raw, session);
    const answer = await server.call<{ code: string }>('/api/auth/validate-token', {
      method: 'POST',
      token: staff,
    });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('session_invalid');

    const conversationId = randomUUID();
    const guest = await signGuestToken(raw, { assistantId: 1, conversationId, now: session.now });
    const chat = await server.call<{ code: string }>(`/api/public/conversation/${conversationId}`, {
      token: guest,
    });
    expect(chat.status).toBe(401);
    expect(chat.body.code).toBe('session_invalid');
  });

  it('keys the sign-up code hash with the code key, not the raw secret', async () => {
    const email = `keys-${randomUUID().slice(0, 8)}@example.com`;
    expect((await server.call('/api/user/register-by-email', { json: { email, locale: 'en' } })).status).toBe(
      200,
    );
    const code = /\b(\d{6})\b/.exec((await server.lastMailTo(email))?.text ?? '')?.[1];
    expect(code).toBeDefined();
    const [row] = await server.database.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.email, email));
    const withRaw = createHmac('sha256', raw).update(`signup:${email}:${code}`).digest('hex');
    expect(row?.codeHash).toBeDefined();
    expect(row?.codeHash).not.toBe(withRaw);
    const withCodeKey = createHmac('sha256', server.config.keys.codeKey)
      .update(`signup:${email}:${code}`)
      .digest('hex');
    expect(row?.codeHash).toBe(withCodeKey);
  });
});
