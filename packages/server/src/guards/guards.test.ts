/**
 * Cross-route guards (DESIGN §4, §10): every non-public endpoint of the contract refuses requests
 * without a token, with a garbage or foreign-signed token, and from a chat visitor; `member`
 * endpoints never show one tenant's data to another; `admin` endpoints refuse everyone else;
 * `guest` endpoints take only the guest token of their own conversation (no staff tokens).
 */
import { randomUUID } from 'node:crypto';
import { type Endpoint, endpoints } from '@conversa/contract/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signStaffToken } from '../auth/tokens';
import { createTenant, guestToken, type Tenant } from '../institutions/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';

let server: TestServer;
/** The tenant whose ids are in the paths. */
let victim: Tenant;
/** A signed-in main member of another institution. */
let attacker: Tenant;
let guest: string;
let forged: string;
/** The victim's public chat conversation (the path of `guest` endpoints). */
let conversationId: string;

beforeAll(async () => {
  server = await createTestServer();
  victim = await createTenant(server, { name: 'Victim School', kind: 'school' });
  attacker = await createTenant(server, { name: 'Attacker Ltd', kind: 'business' });
  guest = await guestToken(server, victim.product.id);
  const now = server.clock.now();
  forged = await signStaffToken(new TextEncoder().encode('another-secret-another-secret-another-secret'), {
    userId: victim.owner.id,
    sessionId: randomUUID(),
    now,
    expiresAt: new Date(now.getTime() + 3_600_000),
  });
  const session = await server.call<{ data: { conversation_id: string } }>(
    `/api/public/admissions/${victim.institution.id}/session`,
    { method: 'POST' },
  );
  conversationId = session.body.data.conversation_id;
});
afterAll(() => server.close());

const guarded = Object.entries(endpoints as Record<string, Endpoint>).filter(
  ([, endpoint]) => endpoint.access !== 'public',
);

/** The path with `{id}` replaced by the victim's user, institution or product id. */
function pathOf(endpoint: Endpoint): string {
  if (endpoint.access === 'guest') return `/api${endpoint.path.replace('{id}', conversationId)}`;
  const id = endpoint.path.startsWith('/user/')
    ? victim.owner.id
    : endpoint.path.startsWith('/institution-product/')
      ? victim.product.id
      : victim.institution.id;
  return `/api${endpoint.path.replace('{id}', String(id))}`;
}

/** Calls an endpoint; bodies are `{}`, since the guards must answer before any validation. */
function callAs(endpoint: Endpoint, token: string | null, institution?: number) {
  return server.call<Record<string, unknown>>(pathOf(endpoint), {
    method: endpoint.method,
    token,
    institution,
    ...(endpoint.method === 'POST' || endpoint.method === 'PUT' ? { json: {} } : {}),
  });
}

describe.each(guarded)('%s', (_name, endpoint) => {
  it(`${endpoint.method} ${endpoint.path}: no token → 401`, async () => {
    const { status, body } = await callAs(endpoint, null);
    expect(status).toBe(401);
    expect(body).toMatchObject({ code: 'unauthorized' });
  });

  it(`${endpoint.method} ${endpoint.path}: garbage or foreign-signed token → 401`, async () => {
    for (const token of ['garbage', 'a.b.c', forged]) {
      const { status, body } = await callAs(endpoint, token);
      expect(status, token).toBe(401);
      expect(body.data).toBeUndefined();
    }
  });

  if (endpoint.access !== 'guest') {
    it(`${endpoint.method} ${endpoint.path}: chat visitor's token → 403`, async () => {
      const { status, body } = await callAs(endpoint, guest, victim.institution.id);
      expect(status).toBe(403);
      expect(body).toMatchObject({ code: 'guest_forbidden' });
    });
  }

  if (endpoint.access === 'guest') {
    it(`${endpoint.method} ${endpoint.path}: a staff token → 403, no data`, async () => {
      const { status, body } = await callAs(endpoint, victim.owner.token, victim.institution.id);
      expect(status).toBe(403);
      expect(body).toMatchObject({ code: 'forbidden' });
    });

    it(`${endpoint.method} ${endpoint.path}: another conversation's guest token → 403/404, no data`, async () => {
      const { status, body } = await callAs(endpoint, guest);
      expect([403, 404]).toContain(status);
      expect(body.data).toBeUndefined();
    });
  }

  if (endpoint.access === 'member') {
    it(`${endpoint.method} ${endpoint.path}: another tenant → 404/403, no data`, async () => {
      // Without `{id}` (a create) the header alone names the tenant: only the victim's is foreign.
      const headers = endpoint.path.includes('{id}')
        ? [attacker.institution.id, victim.institution.id, undefined]
        : [victim.institution.id];
      for (const institution of headers) {
        const { status, body } = await callAs(endpoint, attacker.owner.token, institution);
        expect([403, 404], `X-Institution-Id: ${institution}`).toContain(status);
        expect(body.data).toBeUndefined();
      }
    });
  }

  if (endpoint.access === 'admin') {
    it(`${endpoint.method} ${endpoint.path}: a non-admin → 403`, async () => {
      const { status, body } = await callAs(endpoint, attacker.owner.token, attacker.institution.id);
      expect(status).toBe(403);
      expect(body).toMatchObject({ code: 'forbidden' });
    });
  }

  if (endpoint.access === 'staff' && endpoint.path.includes('{id}')) {
    it(`${endpoint.method} ${endpoint.path}: another user's id → 403/404, no data`, async () => {
      const { status, body } = await callAs(endpoint, attacker.owner.token, attacker.institution.id);
      expect([403, 404]).toContain(status);
      expect(body.data).toBeUndefined();
    });
  }
});

it('covers every guarded access level of the contract', () => {
  const levels = new Set(guarded.map(([, endpoint]) => endpoint.access));
  expect([...levels].sort()).toEqual(['admin', 'guest', 'member', 'staff']);
});
