import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestServer, type TestServer } from '../testing';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

type Answer = {
  data: Record<string, unknown>;
  code: string;
  message: string;
  issues?: { path: string; code: string; message: string }[];
};

const put = (id: number | string, token: string, json: unknown, locale?: string) =>
  server.call<Answer>(`/api/user/${id}/profile`, { method: 'PUT', json, token, locale });

const full = {
  full_name: '  María José Pérez  ',
  first_name: 'María José',
  last_name: 'Pérez',
  phone_number: '+34 612 345 678',
  country: 'es',
  city: 'Sevilla',
  role: 'admissions_team',
  locale: 'es',
};

describe('PUT /api/user/{id}/profile', () => {
  it('replaces the own profile, without an institution header, and the session shows it', async () => {
    const user = await createSignedInUser(server);
    const answer = await put(user.id, user.token, full);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      full_name: 'María José Pérez',
      first_name: 'María José',
      last_name: 'Pérez',
      email: user.email,
      phone_number: '+34 612 345 678',
      country: 'ES',
      city: 'Sevilla',
      role: 'admissions_team',
      locale: 'es',
    });
    const session = await server.call<Answer>('/api/auth/validate-token', {
      method: 'POST',
      token: user.token,
    });
    expect(session.body.data.profile).toEqual(answer.body.data);

    // Optional fields may be left out or blank: they become null.
    const minimal = await put(user.id, user.token, { full_name: 'M', city: '  ', locale: 'en' });
    expect(minimal.body.data).toMatchObject({
      full_name: 'M',
      first_name: null,
      phone_number: null,
      country: null,
      city: null,
      role: null,
      locale: 'en',
    });
  });

  it("refuses another user's profile with 403 and changes nothing", async () => {
    const me = await createSignedInUser(server);
    const other = await createSignedInUser(server, { fullName: 'Other Person' });
    const answer = await put(other.id, me.token, full);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('forbidden');
    const session = await server.call<Answer>('/api/auth/validate-token', {
      method: 'POST',
      token: other.token,
    });
    expect(session.body.data.profile).toMatchObject({ full_name: 'Other Person', country: null });
  });

  it('answers 404 for an id that is not an id, and 401 without a token', async () => {
    const me = await createSignedInUser(server);
    expect((await put('abc', me.token, full)).status).toBe(404);
    expect((await server.call(`/api/user/${me.id}/profile`, { method: 'PUT', json: full })).status).toBe(401);
  });

  it('refuses an unknown country code with the unknown_country issue', async () => {
    const me = await createSignedInUser(server);
    const answer = await put(me.id, me.token, { ...full, country: 'XX' }, 'es');
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation_failed');
    expect(answer.body.issues).toEqual([
      { path: 'country', code: 'unknown_country', message: 'Elige un país de la lista.' },
    ]);
  });

  it('validates every field with localized issues', async () => {
    const me = await createSignedInUser(server);
    const answer = await put(me.id, me.token, {
      full_name: '   ',
      phone_number: '12',
      country: 'Spain',
      role: 'janitor',
      locale: 'fr',
      city: 'x'.repeat(121),
    });
    expect(answer.status).toBe(400);
    const byPath = Object.fromEntries((answer.body.issues ?? []).map((issue) => [issue.path, issue.code]));
    expect(byPath).toEqual({
      full_name: 'required',
      phone_number: 'invalid_phone',
      country: 'unknown_country',
      role: 'invalid_value',
      locale: 'invalid_value',
      city: 'too_long',
    });
    const session = await server.call<Answer>('/api/auth/validate-token', {
      method: 'POST',
      token: me.token,
    });
    expect(session.body.data.profile).toMatchObject({ full_name: 'Test User', locale: 'en' });
  });
});
