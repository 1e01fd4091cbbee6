// The in-process session cache (PGlite only) must never outlive a logout, a password change or a
// new membership: each case first warms the cache with a successful request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestServer, signIn, type TestServer } from '../testing';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const validate = (token: string) =>
  server.call('/api/auth/validate-token', { method: 'POST', token }).then((r) => r.status);

describe('session cache', () => {
  it('is on for PGlite and off for PostgreSQL', () => {
    expect(server.sessionCache.enabled).toBe(server.database.kind === 'pglite');
  });

  it('forgets a session at logout', async () => {
    const user = await createSignedInUser(server);
    expect(await validate(user.token)).toBe(200);
    expect(await validate(user.token)).toBe(200);
    const logout = await server.call('/api/user/logout', { method: 'POST', token: user.token });
    expect(logout.status).toBe(200);
    expect(await validate(user.token)).toBe(401);
  });

  it('forgets the other sessions at a password change', async () => {
    const user = await createSignedInUser(server);
    const other = await signIn(server, user.id);
    expect(await validate(other)).toBe(200);
    const change = await server.call('/api/user/change-password', {
      token: user.token,
      json: { current_password: user.password, new_password: 'Another-Passw0rd' },
    });
    expect(change.status).toBe(200);
    expect(await validate(other)).toBe(401);
    expect(await validate(user.token)).toBe(200);
  });

  it('sees a new membership at once', async () => {
    const user = await createSignedInUser(server);
    // Warm the cache for institution ids that do not exist yet (as non-member).
    for (const id of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const before = await server.call(`/api/institution/${id}/product`, {
        token: user.token,
        institution: id,
      });
      expect(before.status).toBe(404);
    }
    const created = await server.call<{ data: { id: number } }>('/api/institution', {
      token: user.token,
      json: { name: 'Cache School', kind: 'school' },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const after = await server.call<{ data: unknown[] }>(`/api/institution/${id}/product`, {
      token: user.token,
      institution: id,
    });
    expect(after.status).toBe(200);
    expect(after.body.data).toHaveLength(1);
  });

  it('follows a profile locale change', async () => {
    const user = await createSignedInUser(server);
    expect(await validate(user.token)).toBe(200);
    const put = await server.call(`/api/user/${user.id}/profile`, {
      method: 'PUT',
      token: user.token,
      json: { full_name: 'Ana Pérez', locale: 'es' },
    });
    expect(put.status).toBe(200);
    const session = await server.call<{ data: { profile: { locale: string } } }>('/api/auth/validate-token', {
      method: 'POST',
      token: user.token,
    });
    expect(session.body.data.profile.locale).toBe('es');
  });
});
