/**
 * Cross-route guards (docs/architecture.md#tenancy-and-auth, #tests), walking the contract's endpoint table: every non-public
 * endpoint refuses requests without a token, with a garbage or foreign-signed token, and from a chat
 * visitor; tenant-scoped endpoints never show one tenant's data to another and refuse (403) member
 * roles lacking their permission; `admin` endpoints refuse everyone else; `self` endpoints refuse
 * another user's id; `guest` endpoints take only the guest token of their own conversation;
 * `metrics` endpoints take METRICS_TOKEN and no user's token at all.
 *
 * The rules are checked as `RULES` (guards.rules.ts) states them, not as the table does; that every
 * endpoint has one, at least as strict as its entry, is guards-rules.test.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Endpoint } from '@conversa/contract/endpoints';
import { can, MEMBER_ROLES, type MemberRole, type Permission } from '@conversa/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signStaffToken } from '../auth/tokens';
import { createMember, createTenant, guestToken, type Tenant } from '../testing/institutions.fixtures';
import { createSignedInUser, createTestServer, type TestServer } from '../testing';
import { assistants } from '../db/schema';
import { invitations } from '../db/team-schema';
import { websites } from '../db/websites-schema';
import { recordWritesRepo } from '../sales/record-writes.repo';
import { guarded, parseRule, RULES } from './guards.rules';

let server: TestServer;
/** The tenant whose ids are in the paths. */
let victim: Tenant;
/** A signed-in main member of another institution. */
let attacker: Tenant;
/** A member of the victim's institution in each role. */
const members = new Map<MemberRole, string>();
let guest: string;
let forged: string;
/** The victim's public chat conversation (the path of `guest` endpoints). */
let conversationId: string;
/** A sales-support assistant of the victim's: the path of entries for that type only (`assistantType`). */
let salesAssistantId: number;
let websiteId: number;
/** A lead, an order and an invitation of the victim's (the paths of `lead/{id}`, `order/{id}`, `invitation/{id}`). */
const recordIds = { lead: 0, order: 0, invitation: 0 };

/** The operator's metrics token (the server's METRICS_TOKEN). */
const METRICS_TOKEN = 'guards-metrics-token-0123456789';

beforeAll(async () => {
  server = await createTestServer({ env: { METRICS_TOKEN } });
  victim = await createTenant(server, { name: 'Victim School', kind: 'school' });
  attacker = await createTenant(server, { name: 'Attacker Ltd', kind: 'business' });
  for (const role of MEMBER_ROLES) {
    members.set(role, (await createMember(server, victim.institution.id, role)).token);
  }
  guest = await guestToken(server, victim.assistant.id);
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
  // Stored directly: the victim is a school, whose assistants take no leads through the API.
  const [sales] = await server.database.db
    .insert(assistants)
    .values({ institutionId: victim.institution.id, type: 'sales_support', name: 'Victim Sales' })
    .returning({ id: assistants.id });
  salesAssistantId = sales!.id;
  const records = recordWritesRepo(server.database.db);
  const ref = { institutionId: victim.institution.id, assistantId: victim.assistant.id };
  const input = { company: 'Victim Co', contactName: 'V', phone: null, email: null, notes: null, fields: {} };
  const by = { name: 'V', number: null, userId: null };
  recordIds.lead = await records.create(ref, 'lead', { ...input, lines: [] }, by);
  recordIds.order = await records.create(
    ref,
    'order',
    { ...input, lines: [{ product_code: 'V-1', product_description: null, quantity: 1 }] },
    by,
  );
  const [invited] = await server.database.db
    .insert(invitations)
    .values({
      institutionId: victim.institution.id,
      email: 'invited@example.com',
      role: 'admissions',
      invitedByName: 'V',
      locale: 'en',
      expiresAt: new Date(now.getTime() + 86_400_000),
    })
    .returning();
  recordIds.invitation = invited!.id;
  // Stored directly: adding one through the API would start a crawl.
  const [site] = await server.database.db
    .insert(websites)
    .values({
      institutionId: victim.institution.id,
      assistantId: victim.assistant.id,
      url: 'https://victim.example/',
      maxPages: 10,
      schedule: 'never',
      state: 'ready',
    })
    .returning({ id: websites.id });
  websiteId = site!.id;
});
afterAll(() => server.close());

/** Whether the path's `{id}` names the tenant (else only the header does). */
const pathNamesTenant = (endpoint: Endpoint) =>
  endpoint.path.includes('{id}') &&
  (endpoint.scope !== 'institution' || endpoint.path.startsWith('/institution/{id}'));

/**
 * The path with `{id}` replaced by the victim's conversation, user, institution, assistant, lead or
 * order id, a member's `{userId}` by the victim's owner, and a `{siteId}` by the victim's website.
 */
function pathOf(endpoint: Endpoint): string {
  if (endpoint.path.startsWith('/public/conversation/') || endpoint.path.startsWith('/conversation/{id}')) {
    return `/api${endpoint.path.replace('{id}', conversationId)}`;
  }
  const record = /^\/(lead|order|invitation)\/\{id\}/.exec(endpoint.path)?.[1] as
    keyof typeof recordIds | undefined;
  const id = record
    ? recordIds[record]
    : endpoint.path.startsWith('/user/')
      ? victim.owner.id
      : endpoint.path.includes('/institution-product/{id}')
        ? endpoint.scope === 'assistant' && endpoint.assistantType
          ? salesAssistantId
          : victim.assistant.id
        : victim.institution.id;
  return `/api${endpoint.path
    .replace('{kind}', 'admissions')
    .replace('{id}', String(id))
    .replace('{userId}', String(victim.owner.id))
    .replace('{siteId}', String(websiteId))}`;
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

describe.each(guarded)('%s', (name, endpoint) => {
  const rule = parseRule(RULES[name]);

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

  if (rule.kind !== 'guest' && rule.kind !== 'metrics') {
    it(`${endpoint.method} ${endpoint.path}: chat visitor's token → 403`, async () => {
      const { status, body } = await callAs(endpoint, guest, victim.institution.id);
      expect(status).toBe(403);
      expect(body).toMatchObject({ code: 'guest_forbidden' });
    });
  }

  if (rule.kind === 'guest') {
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

  if (rule.kind === 'tenant') {
    it(`${endpoint.method} ${endpoint.path}: another tenant → 404/403, no data`, async () => {
      // Where the path does not name the tenant, the header alone does: only the victim's is foreign.
      const headers = pathNamesTenant(endpoint)
        ? [attacker.institution.id, victim.institution.id, undefined]
        : [victim.institution.id];
      for (const institution of headers) {
        const { status, body } = await callAs(endpoint, attacker.owner.token, institution);
        expect([403, 404], `X-Institution-Id: ${institution}`).toContain(status);
        expect(body.data).toBeUndefined();
      }
    });

    const permission = rule.permission as Permission;
    const lacking = MEMBER_ROLES.filter((role) => !can([role], permission));
    const holding = MEMBER_ROLES.filter((role) => can([role], permission));
    if (lacking.length > 0) {
      it(`${endpoint.method} ${endpoint.path}: members without ${permission} → 403 (${lacking.join(', ')})`, async () => {
        for (const role of lacking) {
          for (const institution of [victim.institution.id, undefined]) {
            if (institution === undefined && !pathNamesTenant(endpoint)) continue;
            const { status, body } = await callAs(endpoint, members.get(role) ?? '', institution);
            expect(status, `${role}, X-Institution-Id: ${institution}`).toBe(403);
            expect(body).toMatchObject({ code: 'forbidden' });
          }
        }
      });
    }
    // The other side: the guard lets the permission's holders through (to the body check, or the
    // answer). Not for streams, whose answer does not end.
    if (!endpoint.stream) {
      it(`${endpoint.method} ${endpoint.path}: members with ${permission} pass the guard`, async () => {
        for (const role of holding) {
          const { status } = await callAs(endpoint, members.get(role) ?? '', victim.institution.id);
          expect([401, 403, 404], role).not.toContain(status);
        }
      });
    }
  }

  if (rule.kind === 'admin') {
    it(`${endpoint.method} ${endpoint.path}: a non-admin → 403`, async () => {
      for (const token of [attacker.owner.token, victim.owner.token]) {
        const { status, body } = await callAs(endpoint, token, attacker.institution.id);
        expect(status).toBe(403);
        expect(body).toMatchObject({ code: 'forbidden' });
      }
    });
  }

  if (rule.kind === 'metrics') {
    it(`${endpoint.method} ${endpoint.path}: any user's token (staff, admin's or guest) → 401; METRICS_TOKEN passes`, async () => {
      const admin = await createSignedInUser(server, { isAdmin: true });
      for (const token of [victim.owner.token, admin.token, guest]) {
        const { status, body } = await callAs(endpoint, token, victim.institution.id);
        expect(status).toBe(401);
        expect(body).toMatchObject({ code: 'unauthorized' });
      }
      const { status } = await callAs(endpoint, METRICS_TOKEN);
      expect(status).toBe(200);
    });
  }

  if (rule.kind === 'self') {
    it(`${endpoint.method} ${endpoint.path}: another user's id → 403, no data`, async () => {
      const { status, body } = await callAs(endpoint, attacker.owner.token, attacker.institution.id);
      expect(status).toBe(403);
      expect(body.data).toBeUndefined();
    });
  }
});
