import { LOGIN_MAX_FAILURES } from '@conversa/contract/constants';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema';
import { conversations } from '../db/conversations-schema';
import { listFiles, uploadFiles } from '../testing/files.fixtures';
import { createTenant } from '../testing/institutions.fixtures';
import {
  createSignedInUser,
  createTestServer,
  createUser,
  googleClaims,
  type IdProvider,
  signIn,
  signInNonce,
  startIdProvider,
  TEST_GOOGLE_CLIENT as GOOGLE_CLIENT,
  type TestServer,
} from '../testing';
import { AUDIT_KEEP_DAYS, ADMIN_ACTING_EVERY_MS, pruneAuditEvents } from './audit.service';

let server: TestServer;
let idp: IdProvider;
beforeAll(async () => {
  idp = await startIdProvider();
  server = await createTestServer({ env: idp.env });
});
afterAll(async () => {
  await server.close();
  await idp.close();
});

let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

const eventsOf = (userId: number) =>
  server.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.userId, userId))
    .orderBy(asc(auditEvents.id));

const login = (email: string, password: string, ip: string) =>
  server.call('/api/auth/login', { json: { email, password }, ip });

describe('the audit log', () => {
  it('records password sign-ins and failed ones, with the IP and no secret', async () => {
    const user = await createUser(server);
    const ip = nextIp();
    expect((await login(user.email, 'Wr0ngPassword', ip)).status).toBe(401);
    expect((await login(user.email, user.password, ip)).status).toBe(200);
    const events = await eventsOf(user.id);
    expect(events).toMatchObject([
      { action: 'sign_in_failed', ip, institutionId: null, detail: { method: 'password' } },
      { action: 'sign_in', ip, institutionId: null, detail: { method: 'password' } },
    ]);
    expect(JSON.stringify(events)).not.toContain('Wr0ngPassword');
    expect(JSON.stringify(events)).not.toContain(user.password);
  });

  it('records provider sign-ins', async () => {
    const credential = idp.token(googleClaims({ nonce: await signInNonce(server) }), {
      now: server.clock.now(),
    });
    const ip = nextIp();
    const answer = await server.call<{ data: { user: { id: number } } }>('/api/auth/google', {
      json: { credential, client_id: GOOGLE_CLIENT },
      ip,
    });
    expect(answer.status).toBe(200);
    const events = await eventsOf(answer.body.data.user.id);
    expect(events).toMatchObject([{ action: 'sign_in', ip, detail: { method: 'google' } }]);
    expect(JSON.stringify(events)).not.toContain(credential);
  });

  it('records a failed sign-in of an unknown address without a user, and no 429 at all', async () => {
    const ip = nextIp();
    const email = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < LOGIN_MAX_FAILURES + 3; i += 1) await login(email, `Wr0ngPassword${i}`, ip);
    const rows = await server.database.db.select().from(auditEvents).where(eq(auditEvents.ip, ip));
    // Refused attempts (429) cost the attacker nothing, so they must not cost us a row each.
    expect(rows).toHaveLength(LOGIN_MAX_FAILURES);
    expect(rows[0]).toMatchObject({ action: 'sign_in_failed', userId: null, detail: { email } });
  });

  it('records password changes and resets', async () => {
    const user = await createSignedInUser(server);
    const ip = nextIp();
    const changed = await server.call('/api/user/change-password', {
      json: { current_password: user.password, new_password: 'Chang3dPass' },
      token: user.token,
      ip,
    });
    expect(changed.status).toBe(200);
    await server.call('/api/user/password/request-reset', { json: { email: user.email }, ip });
    const mail = (await server.mails()).filter((m) => /token=/.test(m.text ?? '')).at(-1);
    const token = /token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    const reset = await server.call('/api/user/password/reset', {
      json: { verification_token: token, password: 'R3setPassword' },
      ip,
    });
    expect(reset.status).toBe(200);
    expect(await eventsOf(user.id)).toMatchObject([
      { action: 'password_changed', ip },
      { action: 'password_reset', ip },
    ]);
  });

  it('records a platform admin acting in an institution they are not a member of, once an hour', async () => {
    const tenant = await createTenant(server);
    const admin = await createSignedInUser(server, { isAdmin: true });
    const assistants = (token: string) =>
      server.call(`/api/institution/${tenant.institution.id}/product`, { token, ip: '192.0.2.50' });
    for (let i = 0; i < 3; i += 1) expect((await assistants(admin.token)).status).toBe(200);
    expect(await eventsOf(admin.id)).toMatchObject([
      {
        action: 'admin_acted_in_institution',
        institutionId: tenant.institution.id,
        ip: '192.0.2.50',
      },
    ]);
    server.clock.advance(ADMIN_ACTING_EVERY_MS + 1000);
    // An hour on, the staff sessions have idled out: both sign in again.
    expect((await assistants(await signIn(server, admin.id))).status).toBe(200);
    expect(await eventsOf(admin.id)).toHaveLength(2);

    // Members acting in their own institution are not audited.
    expect((await assistants(await signIn(server, tenant.owner.id))).status).toBe(200);
    expect(
      (await eventsOf(tenant.owner.id)).filter((e) => e.action === 'admin_acted_in_institution'),
    ).toEqual([]);
  });

  it('records deletions of files with who, where and what', async () => {
    const tenant = await createTenant(server);
    const uploaded = await uploadFiles(server, tenant, [{ name: 'notes.txt', bytes: 'Opening hours.' }]);
    expect(uploaded.status).toBe(201);
    const [file] = await listFiles(server, tenant);
    const deleted = await server.call(`/api/institution-product/${tenant.assistant.id}/file/delete`, {
      json: { ids: [file!.id] },
      token: tenant.owner.token,
      institution: tenant.institution.id,
      ip: '192.0.2.60',
    });
    expect(deleted.status).toBe(200);
    const events = (await eventsOf(tenant.owner.id)).filter((e) => e.action === 'deleted');
    expect(events).toMatchObject([
      {
        institutionId: tenant.institution.id,
        ip: '192.0.2.60',
        detail: { what: 'file', assistant_id: tenant.assistant.id, ids: [file!.id] },
      },
    ]);
  });

  it('records conversation downloads and deletions with their counts, not their contents', async () => {
    const tenant = await createTenant(server);
    const ref = { institutionId: tenant.institution.id, assistantId: tenant.assistant.id };
    const inserted = await server.database.db
      .insert(conversations)
      .values([
        { ...ref, locale: 'es', firstQuestion: '¿Cuánto cuesta la matrícula?' },
        { ...ref, locale: 'es', firstQuestion: '¿Hay comedor?' },
      ])
      .returning({ id: conversations.id });
    const ip = '192.0.2.61';
    const as = { token: tenant.owner.token, institution: tenant.institution.id, ip };
    const download = await server.request(
      `/api/institution-product/${tenant.assistant.id}/conversation/download`,
      as,
    );
    expect(download.status).toBe(200);
    await download.arrayBuffer();
    const ids = inserted.map((row) => row.id);
    const deleted = await server.call('/api/conversation/delete', { method: 'POST', json: { ids }, ...as });
    expect(deleted.status).toBe(200);
    const events = (await eventsOf(tenant.owner.id)).filter((e) => e.action !== 'sign_in');
    expect(events).toMatchObject([
      {
        action: 'downloaded',
        institutionId: tenant.institution.id,
        ip,
        detail: { what: 'conversations', assistant_id: tenant.assistant.id, rows: 2, complete: true },
      },
      {
        action: 'deleted',
        institutionId: tenant.institution.id,
        ip,
        detail: { what: 'conversation', ids, count: 2 },
      },
    ]);
    expect(JSON.stringify(events)).not.toMatch(/matr|comedor/);
  });

  it(`keeps events ${AUDIT_KEEP_DAYS} days`, async () => {
    const user = await createUser(server);
    const now = server.clock.now();
    const day = 24 * 60 * 60_000;
    await server.database.db.insert(auditEvents).values([
      { userId: user.id, action: 'sign_in', at: new Date(now.getTime() - (AUDIT_KEEP_DAYS + 1) * day) },
      { userId: user.id, action: 'sign_in', at: new Date(now.getTime() - (AUDIT_KEEP_DAYS - 1) * day) },
    ]);
    expect(await pruneAuditEvents(server.database.db, now)).toBeGreaterThanOrEqual(1);
    const left = await eventsOf(user.id);
    expect(left).toHaveLength(1);
    expect(left[0]!.at.getTime()).toBe(now.getTime() - (AUDIT_KEEP_DAYS - 1) * day);
  });
});
