import type { CreateInstitutionBody, Institution } from '@conversa/contract/institution';
import type { AssistantListItem } from '@conversa/contract/assistant';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, users } from '../db/schema';
import { createSignedInUser, createTestServer, type TestServer } from '../testing';
import { createMember, createTenant, guestToken } from '../testing/institutions.fixtures';

let server: TestServer;
/** An admin by ADMIN_EMAILS (the other kind, users.is_admin, is made per test). */
let boss: { token: string };
beforeAll(async () => {
  server = await createTestServer({ env: { ADMIN_EMAILS: 'boss@example.com' } });
  boss = await createSignedInUser(server, { email: 'boss@example.com' });
});
afterAll(() => server.close());

const full: CreateInstitutionBody = {
  name: '  Colegio San José  ',
  kind: 'school',
  website_url: 'colegiosanjose.es',
  students: '500_1000',
  country: 'es',
  location: 'Madrid',
};

describe('POST /api/institution', () => {
  it.each([
    ['school', 'admission'],
    ['business', 'retail'],
  ] as const)(
    'creates a %s: creator is main, first assistant %s, it becomes the last institution',
    async (kind, type) => {
      const user = await createSignedInUser(server);
      const { status, body } = await server.call<{ data: Institution }>('/api/institution', {
        token: user.token,
        json: { ...full, kind },
      });
      expect(status).toBe(201);
      expect(body.data).toEqual({
        id: expect.any(Number),
        name: 'Colegio San José',
        kind,
        website_url: 'https://colegiosanjose.es',
        students: '500_1000',
        country: 'ES',
        country_data: { code: 'ES', name: 'Spain' },
        location: 'Madrid',
        logo: null,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const id = body.data.id;

      const [member] = await server.database.db
        .select()
        .from(memberships)
        .where(eq(memberships.institutionId, id));
      expect(member).toMatchObject({ userId: user.id, role: 'main' });
      const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.lastInstitutionId).toBe(id);

      const assistants = await server.call<{ data: AssistantListItem[] }>(`/api/institution/${id}/product`, {
        token: user.token,
      });
      expect(assistants.body.data).toEqual([
        {
          id: expect.any(Number),
          external_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          institution_id: id,
          product: { type, name: 'Colegio San José Assistant', logo: null },
        },
      ]);
    },
  );

  it('accepts only a name and a kind; the rest becomes null', async () => {
    const user = await createSignedInUser(server);
    const { status, body } = await server.call<{ data: Institution }>('/api/institution', {
      token: user.token,
      json: { name: 'Minimal', kind: 'business', website_url: '', location: '   ' },
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      website_url: null,
      students: null,
      country: null,
      country_data: null,
      location: null,
    });
  });

  it('names the country in the request language', async () => {
    const user = await createSignedInUser(server);
    const es = await server.call<{ data: Institution }>('/api/institution', {
      token: user.token,
      locale: 'es-ES,es;q=0.9',
      json: { name: 'Schule', kind: 'school', country: 'DE' },
    });
    expect(es.body.data.country_data).toEqual({ code: 'DE', name: 'Alemania' });
    const en = await server.call<{ data: Institution }>(`/api/institution/${es.body.data.id}`, {
      token: user.token,
    });
    expect(en.body.data.country_data).toEqual({ code: 'DE', name: 'Germany' });
  });

  it('answers validation errors as codes, translated', async () => {
    const user = await createSignedInUser(server);
    const { status, body } = await server.call('/api/institution', {
      token: user.token,
      locale: 'es',
      json: { name: '   ', kind: 'club', students: 'lots', website_url: 'not a url' },
    });
    expect(status).toBe(400);
    expect(body).toEqual({
      code: 'validation_failed',
      message: 'Algunos campos no son válidos. Revísalos e inténtalo de nuevo.',
      issues: expect.arrayContaining([
        { path: 'name', code: 'required', message: 'Este campo es obligatorio.' },
        { path: 'kind', code: 'invalid_value', message: 'Este valor no es válido.' },
        { path: 'students', code: 'invalid_value', message: 'Este valor no es válido.' },
        {
          path: 'website_url',
          code: 'invalid_url',
          message: 'Debe ser una URL válida (https://example.com).',
        },
      ]),
    });
  });

  it.each([
    ['ftp://school.edu', false],
    ['javascript:alert(1)', false],
    ['http://localhost', false],
    ['https://', false],
    ['school', false],
    ['school.edu', true],
    ['http://school.edu/admissions?x=1', true],
    ['HTTPS://School.EDU', true],
  ])('applies the website URL rule to %s', async (website_url, valid) => {
    const user = await createSignedInUser(server);
    const { status, body } = await server.call<{ issues?: unknown[] }>('/api/institution', {
      token: user.token,
      json: { name: 'Web', kind: 'school', website_url },
    });
    if (valid) expect(status).toBe(201);
    else {
      expect(status).toBe(400);
      expect(body.issues).toEqual([
        { path: 'website_url', code: 'invalid_url', message: 'Must be a valid URL (https://example.com).' },
      ]);
    }
  });

  it('refuses unknown and malformed country codes with unknown_country', async () => {
    const user = await createSignedInUser(server);
    for (const country of ['XX', 'zz', 'ESP', '1A']) {
      const { status, body } = await server.call('/api/institution', {
        token: user.token,
        locale: 'es',
        json: { name: 'Nowhere', kind: 'school', country },
      });
      expect(status, country).toBe(400);
      expect(body).toMatchObject({
        issues: [{ path: 'country', code: 'unknown_country', message: 'Elige un país de la lista.' }],
      });
    }
  });

  it('refuses non-JSON and broken JSON', async () => {
    const user = await createSignedInUser(server);
    const text = await server.request('/api/institution', {
      method: 'POST',
      token: user.token,
      headers: { 'content-type': 'text/plain' },
      body: 'name=x',
    });
    expect(text.status).toBe(415);
    const broken = await server.request('/api/institution', {
      method: 'POST',
      token: user.token,
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ code: 'invalid_json' });
  });

  it('is refused signed out (401), with a bad token (401) and to a chat visitor (403)', async () => {
    const json = { name: 'X', kind: 'school' };
    expect((await server.call('/api/institution', { json })).status).toBe(401);
    expect((await server.call('/api/institution', { json, token: 'not.a.jwt' })).status).toBe(401);
    const guest = await server.call('/api/institution', { json, token: await guestToken(server, 1) });
    expect(guest).toMatchObject({ status: 403, body: { code: 'guest_forbidden' } });
  });
});

describe('GET and PUT /api/institution/{id}', () => {
  it('reads the institution to its members and admins', async () => {
    const { owner, institution } = await createTenant(server, full);
    const own = await server.call(`/api/institution/${institution.id}`, {
      token: owner.token,
      institution: institution.id,
    });
    expect(own).toMatchObject({ status: 200, body: { data: institution } });
    const agent = await createMember(server, institution.id, 'lead_entry_agent');
    expect((await server.call(`/api/institution/${institution.id}`, { token: agent.token })).status).toBe(
      200,
    );
    for (const admin of [await createSignedInUser(server, { isAdmin: true }), boss]) {
      const read = await server.call(`/api/institution/${institution.id}`, { token: admin.token });
      expect(read).toMatchObject({ status: 200, body: { data: { id: institution.id } } });
    }
    const admin = await createSignedInUser(server, { isAdmin: true });
    expect((await server.call('/api/institution/999999', { token: admin.token })).status).toBe(404);
  });

  it('replaces the details but never the kind', async () => {
    const { owner, institution } = await createTenant(server, full);
    const { status, body } = await server.call<{ data: Institution }>(`/api/institution/${institution.id}`, {
      method: 'PUT',
      token: owner.token,
      locale: 'es',
      json: { name: 'Colegio Nuevo', kind: 'business', website_url: 'https://nuevo.es', country: 'MX' },
    });
    expect(status).toBe(200);
    expect(body.data).toEqual({
      ...institution,
      name: 'Colegio Nuevo',
      kind: 'school',
      website_url: 'https://nuevo.es',
      students: null,
      country: 'MX',
      country_data: { code: 'MX', name: 'México' },
      location: null,
    });
    const read = await server.call(`/api/institution/${institution.id}`, { token: owner.token });
    expect(read.body).toEqual({ data: { ...body.data, country_data: { code: 'MX', name: 'Mexico' } } });
  });

  it('validates the replacement and changes nothing on bad input', async () => {
    const { owner, institution } = await createTenant(server, full);
    const bad = await server.call(`/api/institution/${institution.id}`, {
      method: 'PUT',
      token: owner.token,
      json: { name: 'Ok', country: 'QQ' },
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { issues: [{ path: 'country', code: 'unknown_country' }] },
    });
    const read = await server.call(`/api/institution/${institution.id}`, { token: owner.token });
    expect(read.body).toEqual({ data: institution });
  });

  it('refuses a member whose role lacks institution.update (403) and other tenants (404)', async () => {
    const { institution } = await createTenant(server);
    const other = await createTenant(server);
    const agent = await createMember(server, institution.id, 'lead_entry_agent');
    const json = { name: 'Taken over' };
    const path = `/api/institution/${institution.id}`;
    expect(await server.call(path, { method: 'PUT', token: agent.token, json })).toMatchObject({
      status: 403,
      body: { code: 'forbidden' },
    });
    for (const header of [undefined, other.institution.id, institution.id]) {
      const put = await server.call(path, {
        method: 'PUT',
        token: other.owner.token,
        institution: header,
        json,
      });
      expect(put).toMatchObject({ status: 404, body: { code: 'not_found' } });
      const get = await server.call<Record<string, unknown>>(path, {
        token: other.owner.token,
        institution: header,
      });
      expect(get.status).toBe(404);
      expect(get.body.data).toBeUndefined();
    }
    const read = await server.call<{ data: Institution }>(path, { token: agent.token });
    expect(read.body.data.name).toBe(institution.name);
  });

  it('refuses signed out, guests and malformed ids or headers', async () => {
    const { owner, institution } = await createTenant(server);
    const path = `/api/institution/${institution.id}`;
    expect((await server.call(path)).status).toBe(401);
    expect((await server.call(path, { token: await guestToken(server, 1) })).status).toBe(403);
    expect((await server.call(path, { token: owner.token, institution: 'abc' })).status).toBe(400);
    expect((await server.call('/api/institution/abc', { token: owner.token })).status).toBe(404);
    expect((await server.call('/api/institution/0', { token: owner.token })).status).toBe(404);
  });
});
