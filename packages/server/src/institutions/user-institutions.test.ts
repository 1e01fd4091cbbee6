import type { UserInstitution } from '@conversa/contract/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../db/schema';
import { createSignedInUser, createTestServer, type TestServer } from '../testing';
import { createTenant, postInstitution } from '../testing/institutions.fixtures';

let server: TestServer;
/** An admin by ADMIN_EMAILS. */
let boss: { token: string };
beforeAll(async () => {
  server = await createTestServer({ env: { ADMIN_EMAILS: 'boss@example.com' } });
  boss = await createSignedInUser(server, { email: 'boss@example.com' });
});
afterAll(() => server.close());

describe('GET /api/user/{id}/institution', () => {
  it("lists the user's institutions with their role in each", async () => {
    const a = await createTenant(server, { name: 'Beta School' });
    const b = await postInstitution(server, a.owner.token, { name: 'alpha shop', kind: 'business' });
    const c = await createTenant(server, { name: 'Gamma' });
    await server.database.db
      .insert(memberships)
      .values({ institutionId: c.institution.id, userId: a.owner.id, role: 'communication' });
    const { status, body } = await server.call<{ data: UserInstitution[] }>(
      `/api/user/${a.owner.id}/institution`,
      {
        token: a.owner.token,
      },
    );
    expect(status).toBe(200);
    expect(body.data).toEqual([
      { id: b.id, name: 'alpha shop', kind: 'business', logo: null, role: 'main' },
      { id: a.institution.id, name: 'Beta School', kind: 'school', logo: null, role: 'main' },
      { id: c.institution.id, name: 'Gamma', kind: 'school', logo: null, role: 'communication' },
    ]);
  });

  it('answers an empty list to a user without institutions', async () => {
    const user = await createSignedInUser(server);
    const { body } = await server.call(`/api/user/${user.id}/institution`, { token: user.token });
    expect(body).toEqual({ data: [] });
  });

  it("refuses another user's list (403) except to admins", async () => {
    const { owner } = await createTenant(server);
    const stranger = await createSignedInUser(server);
    const refused = await server.call<Record<string, unknown>>(`/api/user/${owner.id}/institution`, {
      token: stranger.token,
    });
    expect(refused).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect(refused.body.data).toBeUndefined();
    const read = await server.call<{ data: UserInstitution[] }>(`/api/user/${owner.id}/institution`, {
      token: boss.token,
    });
    expect(read.status).toBe(200);
    expect(read.body.data).toHaveLength(1);
    expect((await server.call('/api/user/999999/institution', { token: boss.token })).status).toBe(404);
    expect((await server.call(`/api/user/${owner.id}/institution`)).status).toBe(401);
  });
});
