/**
 * Retention (issue 36) through HTTP and the job queue, on PGlite and PostgreSQL: the periods'
 * validation and roles, the boundaries in the institution's time zone, the dashboards' figures
 * kept while the text goes, and the audit entry of each run.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, assistants } from '../db/schema';
import { conversations, messages } from '../db/conversations-schema';
import { salesOrderLines, salesRecordHistory, salesRecords, whatsappMessages } from '../db/sales-schema';
import { recordWritesRepo } from '../sales/record-writes.repo';
import { createTestServer, type TestServer } from '../testing';
import { createMember, createTenant, type Tenant } from '../testing/institutions.fixtures';
import { queueRetentionRuns } from './index';

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

const DAY = 86_400_000;
const ZONE = 'America/Mexico_City'; // UTC-6 all year (no daylight saving since 2022)

let server: TestServer;
let school: Tenant;
let other: Tenant;
let salesId: number;

beforeAll(async () => {
  server = await createTestServer();
  school = await createTenant(server, { name: 'Colegio Retención', kind: 'school', country: 'MX' });
  other = await createTenant(server, { name: 'Otra Escuela', kind: 'school' });
  const [sales] = await server.database.db
    .insert(assistants)
    .values({ institutionId: school.institution.id, type: 'sales_support', name: 'Ventas' })
    .returning({ id: assistants.id });
  salesId = sales!.id;
});
afterAll(() => server.close());

const put = (json: unknown, tenant: Tenant = school, token = tenant.owner.token) =>
  server.call<{ data: Record<string, unknown>; code?: string; issues?: { path: string; code: string }[] }>(
    `/api/institution/${tenant.institution.id}/retention`,
    { method: 'PUT', token, json },
  );
const get = (tenant: Tenant = school) =>
  server.call<{ data: Record<string, unknown> }>(`/api/institution/${tenant.institution.id}/retention`, {
    token: tenant.owner.token,
  });

/** Midnight in ZONE, `days` before today there (computed apart from the server's SQL). */
function cutoffInZone(days: number): Date {
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: ZONE }).format(server.clock.now());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days, 6, 0));
}

async function conversationAt(tenant: Tenant, at: Date, contactAt: Date | null = null): Promise<string> {
  const [row] = await server.database.db
    .insert(conversations)
    .values({
      institutionId: tenant.institution.id,
      assistantId: tenant.assistant.id,
      locale: 'es',
      createdAt: new Date(at.getTime() - 60_000),
      lastMessageAt: at,
      messageCount: 2,
      questions: 1,
      answered: 1,
      firstQuestion: '¿Horario?',
      contact: contactAt
        ? {
            name: 'Ana',
            email: 'ana@example.com',
            phone: null,
            message: null,
            created_at: contactAt.toISOString(),
          }
        : null,
    })
    .returning({ id: conversations.id });
  await server.database.db.insert(messages).values([
    {
      institutionId: tenant.institution.id,
      conversationId: row!.id,
      role: 'user',
      content: '¿Horario?',
      createdAt: at,
    },
    {
      institutionId: tenant.institution.id,
      conversationId: row!.id,
      role: 'assistant',
      content: 'De 9 a 14.',
      createdAt: at,
    },
  ]);
  return row!.id;
}

const statsOf = async (institutionId: number) => {
  const [row] = rowsOf(
    await server.database.db.execute(sql`
      select coalesce(sum(conversations), 0)::int as conversations, coalesce(sum(questions), 0)::int as questions
      from conversation_stats where institution_id = ${institutionId}`),
  ) as { conversations: number; questions: number }[];
  return row!;
};
const totalOf = async (institutionId: number) => {
  const rows = rowsOf(
    await server.database.db.execute(
      sql`select coalesce(sum(conversations), 0)::int as n from conversation_totals where institution_id = ${institutionId}`,
    ),
  ) as { n: number }[];
  return rows[0]!.n;
};
type RunCounts = Record<'conversations' | 'contacts' | 'whatsapp_messages' | 'records', number>;

/** The school's retention runs audited after `auditId`, oldest first (at least one). */
async function runsSince(auditId: number): Promise<RunCounts[]> {
  const runs = (
    await server.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.institutionId, school.institution.id),
          eq(auditEvents.action, 'retention_run'),
          sql`${auditEvents.id} > ${auditId}`,
        ),
      )
      .orderBy(auditEvents.id)
  ).map((event) => event.detail as RunCounts);
  expect(runs.length).toBeGreaterThan(0);
  return runs;
}
const sum = (runs: RunCounts[]): RunCounts =>
  runs.reduce((total, run) => ({
    conversations: total.conversations + run.conversations,
    contacts: total.contacts + run.contacts,
    whatsapp_messages: total.whatsapp_messages + run.whatsapp_messages,
    records: total.records + run.records,
  }));

const lastAuditId = async () => {
  const rows = rowsOf(
    await server.database.db.execute(sql`select coalesce(max(id), 0)::int as id from audit_events`),
  ) as { id: number }[];
  return rows[0]!.id;
};
const exists = async (id: string) =>
  (await server.database.db.select().from(conversations).where(eq(conversations.id, id))).length === 1;

/** Queues the runs as the hourly sweep does, and waits for them. */
async function runNow() {
  await queueRetentionRuns(server.database.db, server.clock.now());
  await server.jobs.idle();
}

describe('the periods', () => {
  it('starts with every period null (keep) and UTC', async () => {
    const { status, body } = await get();
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      conversations_days: null,
      contacts_days: null,
      whatsapp_days: null,
      records_days: null,
      time_zone: 'UTC',
      last_run_at: null,
    });
  });

  it('refuses a period under 30 or over 3650 days, or not whole, with a translated issue, and changes nothing', async () => {
    for (const [field, days] of [
      ['conversations_days', 29],
      ['records_days', 3651],
      ['whatsapp_days', 45.5],
      ['contacts_days', '90'],
    ] as const) {
      const { status, body } = await server.call<{
        issues: { path: string; code: string; message: string }[];
      }>(`/api/institution/${school.institution.id}/retention`, {
        method: 'PUT',
        token: school.owner.token,
        json: { [field]: days },
        locale: 'es',
      });
      expect(status, field).toBe(400);
      expect(body.issues[0]).toMatchObject({ path: field, code: 'retention_range' });
      expect(body.issues[0]!.message).toContain('30 y 3650');
    }
    const { status } = await put({ time_zone: 'Mars/Olympus' });
    expect(status).toBe(400);
    expect((await get()).body.data).toMatchObject({ conversations_days: null, time_zone: 'UTC' });
  });

  it('lets only team managers change them (an admissions member reads but may not write)', async () => {
    const admissions = await createMember(server, school.institution.id, 'admissions');
    const { status } = await put({ conversations_days: 30 }, school, admissions.token);
    expect(status).toBe(403);
    const read = await server.call(`/api/institution/${school.institution.id}/retention`, {
      token: admissions.token,
    });
    expect(read.status).toBe(200);
    expect((await get()).body.data).toMatchObject({ conversations_days: null });
  });

  it("saves 30 to 3650 days and the time zone; another institution's are its own", async () => {
    const { status, body } = await put({ conversations_days: 30, contacts_days: 3650, time_zone: ZONE });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      conversations_days: 30,
      contacts_days: 3650,
      whatsapp_days: null,
      records_days: null,
      time_zone: ZONE,
    });
    expect((await get(other)).body.data).toMatchObject({ conversations_days: null });
    // Someone else's institution by its path: not found, nothing written.
    const foreign = await put({ conversations_days: 30 }, other, school.owner.token);
    expect(foreign.status).toBe(404);
    expect((await get(other)).body.data).toMatchObject({ conversations_days: null });
  });
});

describe('a run', () => {
  it("removes conversations last active before midnight of the period's first day in the institution's zone, keeping the dashboards' figures", async () => {
    const auditBefore = await lastAuditId();
    await put({ conversations_days: 30, contacts_days: null, time_zone: ZONE });
    const cutoff = cutoffInZone(30);
    const before = await conversationAt(school, new Date(cutoff.getTime() - 60_000));
    const after = await conversationAt(school, new Date(cutoff.getTime() + 60_000));
    // A conversation that a boundary at UTC midnight would treat the other way: when today is the
    // same day in both zones, UTC's cutoff is 6 h earlier (3 h before ours: removed here, kept in
    // UTC); when UTC is a day ahead, it is 18 h later (6 h after ours: kept here, removed in UTC).
    const sameDay =
      new Intl.DateTimeFormat('sv-SE', { timeZone: ZONE }).format(server.clock.now()) ===
      server.clock.now().toISOString().slice(0, 10);
    const probe = await conversationAt(school, new Date(cutoff.getTime() + (sameDay ? -3 : 6) * 3_600_000));
    const foreign = await conversationAt(other, new Date(cutoff.getTime() - 90 * DAY));
    const stats = await statsOf(school.institution.id);
    expect(stats.conversations).toBeGreaterThanOrEqual(3);

    // The runner's own sweep may queue a run at any time (its first poll, on a loaded machine, can
    // come after the periods were saved): the runs are counted from the audit, not assumed to be one.
    await runNow();

    expect(await exists(before)).toBe(false);
    expect(await exists(probe)).toBe(!sameDay);
    expect(await exists(after)).toBe(true);
    expect(await exists(foreign)).toBe(true);
    const left = await server.database.db.select().from(messages).where(eq(messages.conversationId, before));
    expect(left).toEqual([]);
    // The dashboard counts what happened; the list counts what is there.
    expect(await statsOf(school.institution.id)).toEqual(stats);
    const [{ n: there } = { n: -1 }] = rowsOf(
      await server.database.db.execute(
        sql`select count(*)::int as n from conversations where institution_id = ${school.institution.id}`,
      ),
    ) as { n: number }[];
    expect(await totalOf(school.institution.id)).toBe(there);

    const removed = sameDay ? 2 : 1;
    const runs = await runsSince(auditBefore);
    expect(sum(runs)).toEqual({ conversations: removed, contacts: 0, whatsapp_messages: 0, records: 0 });
    const { body } = await get();
    expect(body.data).toMatchObject({ last_run: runs.at(-1) });
    expect(Date.parse(body.data.next_run_at as string)).toBeGreaterThan(
      Date.parse(body.data.last_run_at as string),
    );
  });

  it('clears contacts on their own period and keeps the conversations', async () => {
    await put({ conversations_days: null, contacts_days: 60, time_zone: ZONE });
    const cutoff = cutoffInZone(60);
    const old = await conversationAt(school, server.clock.now(), new Date(cutoff.getTime() - 60_000));
    const recent = await conversationAt(school, server.clock.now(), new Date(cutoff.getTime() + 60_000));
    const stats = await statsOf(school.institution.id);
    await runNow();
    const [oldRow] = await server.database.db.select().from(conversations).where(eq(conversations.id, old));
    const [recentRow] = await server.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, recent));
    expect(oldRow!.contact).toBeNull();
    expect(recentRow!.contact).not.toBeNull();
    expect(await statsOf(school.institution.id)).toEqual(stats);
  });

  it('removes WhatsApp messages, and leads and orders with their lines and history, on their periods', async () => {
    const auditBefore = await lastAuditId();
    await put({ whatsapp_days: 30, records_days: 365, time_zone: ZONE });
    const db = server.database.db;
    const ref = { institutionId: school.institution.id, assistantId: salesId };
    const oldAt = new Date(cutoffInZone(30).getTime() - 60_000);
    await db.insert(whatsappMessages).values([
      { ...ref, direction: 'in', phoneNumber: '+525512345678', body: 'viejo', createdAt: oldAt },
      { ...ref, direction: 'in', phoneNumber: '+525512345678', body: 'nuevo' },
    ]);
    const records = recordWritesRepo(db);
    const input = {
      company: 'Muebles',
      contactName: 'Ana',
      phone: null,
      email: null,
      notes: null,
      fields: {},
    };
    const by = { name: 'Tomás', number: null, userId: null };
    const oldOrder = await records.create(
      ref,
      'order',
      { ...input, lines: [{ product_code: 'M-1', product_description: null, quantity: 2 }] },
      by,
    );
    const newLead = await records.create(ref, 'lead', { ...input, lines: [] }, by);
    await db
      .update(salesRecords)
      .set({ updatedAt: new Date(cutoffInZone(365).getTime() - 60_000) })
      .where(eq(salesRecords.id, oldOrder));

    await runNow();

    const bodies = (
      await db.select().from(whatsappMessages).where(eq(whatsappMessages.assistantId, salesId))
    ).map((row) => row.body);
    expect(bodies).toEqual(['nuevo']);
    const left = (await db.select().from(salesRecords).where(eq(salesRecords.assistantId, salesId))).map(
      (r) => r.id,
    );
    expect(left).toEqual([newLead]);
    expect(await db.select().from(salesOrderLines).where(eq(salesOrderLines.recordId, oldOrder))).toEqual([]);
    expect(
      await db.select().from(salesRecordHistory).where(eq(salesRecordHistory.recordId, oldOrder)),
    ).toEqual([]);
    expect(sum(await runsSince(auditBefore))).toMatchObject({ whatsapp_messages: 1, records: 1 });
  });

  it('queues one run per institution with a period, none for those without', async () => {
    const runs = await queueRetentionRuns(server.database.db, server.clock.now());
    const queued = rowsOf(
      await server.database.db.execute(
        sql`select institution_id from jobs where kind = 'retention_run' and state in ('queued', 'running')`,
      ),
    ) as { institution_id: number }[];
    expect(runs).toBeLessThanOrEqual(1);
    expect(queued.every((row) => row.institution_id === school.institution.id)).toBe(true);
    await server.jobs.idle();
  });
});
