import type { AssistantListItem } from '@conversa/contract/assistant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants, memberships } from '../db/schema';
import { createMember, createTenant, guestToken, type Tenant } from '../testing/institutions.fixtures';
import { createSignedInUser, createTestServer, type TestServer } from '../testing';

let server: TestServer;
let business: Tenant;
let school: Tenant;
/** Every assistant of `business`, by id. */
let businessAssistants: AssistantListItem[];

beforeAll(async () => {
  server = await createTestServer();
  business = await createTenant(server, { name: 'Acme', kind: 'business' });
  school = await createTenant(server, { name: 'Escuela', kind: 'school' });
  await server.database.db.insert(assistants).values([
    {
      institutionId: business.institution.id,
      type: 'sales_support',
      name: 'Acme Orders',
      logo: '/logos/acme.png',
    },
    { institutionId: school.institution.id, type: 'admission', name: 'Escuela 2' },
  ]);
  const { body } = await server.call<{ data: AssistantListItem[] }>(
    `/api/institution/${business.institution.id}/product`,
    { token: business.owner.token },
  );
  businessAssistants = body.data;
});
afterAll(() => server.close());

const noData = (body: unknown) => expect((body as Record<string, unknown>).data).toBeUndefined();

describe('GET /api/institution/{id}/product', () => {
  it('lists the assistants by id, snake_case with type, name and logo nested under product', async () => {
    expect(businessAssistants).toEqual([
      {
        id: business.assistant.id,
        external_id: business.assistant.external_id,
        institution_id: business.institution.id,
        product: { type: 'retail', name: 'Acme Assistant', logo: null },
      },
      {
        id: expect.any(Number),
        external_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        institution_id: business.institution.id,
        product: { type: 'sales_support', name: 'Acme Orders', logo: '/logos/acme.png' },
      },
    ]);
    expect(businessAssistants[0]!.id).toBeLessThan(businessAssistants[1]!.id);
  });

  it('serves any member role holding assistant.read, and admins', async () => {
    const agent = await createMember(server, business.institution.id, 'order_capture_agent');
    const admin = await createSignedInUser(server, { isAdmin: true });
    for (const token of [agent.token, admin.token]) {
      const { status, body } = await server.call(`/api/institution/${business.institution.id}/product`, {
        token,
      });
      expect(status).toBe(200);
      expect(body).toEqual({ data: businessAssistants });
    }
  });

  it("refuses another tenant's list with 404, whatever the header says", async () => {
    for (const institution of [undefined, school.institution.id, business.institution.id]) {
      const { status, body } = await server.call(`/api/institution/${business.institution.id}/product`, {
        token: school.owner.token,
        institution,
      });
      expect(status).toBe(404);
      noData(body);
    }
  });

  it('refuses signed out, garbage tokens, guests and malformed headers', async () => {
    const path = `/api/institution/${business.institution.id}/product`;
    expect((await server.call(path)).status).toBe(401);
    expect((await server.call(path, { token: 'garbage' })).status).toBe(401);
    const guest = await server.call(path, { token: await guestToken(server, business.assistant.id) });
    expect(guest).toMatchObject({ status: 403, body: { code: 'guest_forbidden' } });
    const malformed = await server.call(path, { token: business.owner.token, institution: '1; drop table' });
    expect(malformed).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect((await server.call('/api/institution/x/product', { token: business.owner.token })).status).toBe(
      404,
    );
  });
});

describe('GET /api/institution-product/{id}', () => {
  it('answers an assistant of the header institution', async () => {
    const assistant = businessAssistants[1]!;
    const { status, body } = await server.call(`/api/institution-product/${assistant.id}`, {
      token: business.owner.token,
      institution: business.institution.id,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ data: assistant }); // plus the assistant settings
  });

  it('finds the institution through the assistant when no header is sent', async () => {
    const { status, body } = await server.call(`/api/institution-product/${school.assistant.id}`, {
      token: school.owner.token,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ data: school.assistant });
  });

  it('answers 404 when the assistant belongs to another institution than the header', async () => {
    // The owner of both would still only see assistants of the institution they act in.
    const both = await createMember(server, school.institution.id, 'main');
    await server.database.db.insert(memberships).values({
      institutionId: business.institution.id,
      userId: both.id,
      role: 'main',
    });
    const mismatch = await server.call(`/api/institution-product/${business.assistant.id}`, {
      token: both.token,
      institution: school.institution.id,
    });
    expect(mismatch.status).toBe(404);
    noData(mismatch.body);
  });

  it('never answers another tenant: with their header, my header, or none', async () => {
    for (const institution of [undefined, school.institution.id, business.institution.id]) {
      const { status, body } = await server.call(`/api/institution-product/${business.assistant.id}`, {
        token: school.owner.token,
        institution,
      });
      expect(status, String(institution)).toBe(404);
      noData(body);
    }
  });

  it('serves admins in any institution, but only within the header institution', async () => {
    const admin = await createSignedInUser(server, { isAdmin: true });
    const asAdmin = await server.call(`/api/institution-product/${school.assistant.id}`, {
      token: admin.token,
    });
    expect(asAdmin).toMatchObject({ status: 200, body: { data: school.assistant } });
    const viaHeader = await server.call(`/api/institution-product/${school.assistant.id}`, {
      token: admin.token,
      institution: school.institution.id,
    });
    expect(viaHeader.status).toBe(200);
    const wrongHeader = await server.call(`/api/institution-product/${school.assistant.id}`, {
      token: admin.token,
      institution: business.institution.id,
    });
    expect(wrongHeader.status).toBe(404);
  });

  it('refuses signed out, guests, unknown ids and malformed headers', async () => {
    const path = `/api/institution-product/${school.assistant.id}`;
    expect((await server.call(path)).status).toBe(401);
    expect((await server.call(path, { token: 'a.b.c' })).status).toBe(401);
    const guest = await server.call(path, { token: await guestToken(server, school.assistant.id) });
    expect(guest).toMatchObject({ status: 403, body: { code: 'guest_forbidden' } });
    const malformed = await server.call(path, { token: school.owner.token, institution: 'abc' });
    expect(malformed).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect((await server.call('/api/institution-product/999999', { token: school.owner.token })).status).toBe(
      404,
    );
    expect((await server.call('/api/institution-product/abc', { token: school.owner.token })).status).toBe(
      404,
    );
  });
});
