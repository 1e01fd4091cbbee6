/**
 * The institutions quota: a user creates at most MAX_INSTITUTIONS_PER_USER institutions (403
 * `quota_exceeded` beyond, in the request's language), counted atomically under concurrent
 * requests; platform admins are exempt.
 */
import { MAX_INSTITUTIONS_PER_USER } from '@conversa/contract/constants';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutions } from '../db/schema';
import { createSignedInUser, createTestServer, type TestServer } from '../testing';
import { postInstitution } from '../testing/institutions.fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ env: { ADMIN_EMAILS: 'quota-boss@example.com' } });
});
afterAll(() => server.close());

const createdBy = async (userId: number) => {
  const [row] = await server.database.db
    .select({ n: count() })
    .from(institutions)
    .where(eq(institutions.createdBy, userId));
  return row?.n ?? 0;
};

const attempt = (token: string, locale = 'en') =>
  server.call<{ code: string; message: string }>('/api/institution', {
    token,
    locale,
    json: { name: 'One too many', kind: 'school' },
  });

describe('POST /api/institution: the institutions quota', () => {
  it(`creates ${MAX_INSTITUTIONS_PER_USER}, then refuses with quota_exceeded in the user's language`, async () => {
    const user = await createSignedInUser(server);
    for (let i = 0; i < MAX_INSTITUTIONS_PER_USER; i++) await postInstitution(server, user.token);

    const english = await attempt(user.token);
    expect(english.status).toBe(403);
    expect(english.body).toEqual({
      code: 'quota_exceeded',
      message: `You can create at most ${MAX_INSTITUTIONS_PER_USER} institutions. Contact us if you need more.`,
    });
    const spanish = await attempt(user.token, 'es');
    expect(spanish.status).toBe(403);
    expect(spanish.body.message).toBe(
      `Puedes crear como máximo ${MAX_INSTITUTIONS_PER_USER} instituciones. Contáctanos si necesitas más.`,
    );
    expect(await createdBy(user.id)).toBe(MAX_INSTITUTIONS_PER_USER);
  });

  it('lets only one of several concurrent creations take the last place', async () => {
    const user = await createSignedInUser(server);
    for (let i = 0; i < MAX_INSTITUTIONS_PER_USER - 1; i++) await postInstitution(server, user.token);

    const answers = await Promise.all(Array.from({ length: 6 }, () => attempt(user.token)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 403, 403, 403, 403, 403]);
    expect(await createdBy(user.id)).toBe(MAX_INSTITUTIONS_PER_USER);
  });

  it('counts per creator: another user still has room', async () => {
    const first = await createSignedInUser(server);
    for (let i = 0; i < MAX_INSTITUTIONS_PER_USER; i++) await postInstitution(server, first.token);
    const second = await createSignedInUser(server);
    expect((await attempt(second.token)).status).toBe(201);
  });

  it('does not limit platform admins', async () => {
    const admin = await createSignedInUser(server, { email: 'quota-boss@example.com' });
    for (let i = 0; i <= MAX_INSTITUTIONS_PER_USER; i++) await postInstitution(server, admin.token);
    expect(await createdBy(admin.id)).toBe(MAX_INSTITUTIONS_PER_USER + 1);
  });
});
