/**
 * Deleting what you created (issue 36) through HTTP, on PGlite and PostgreSQL and on both stores
 * (the local folder and a real S3-protocol server): an assistant, an institution and an account,
 * each with a listing of the storage afterwards that finds nothing left behind; refusals (another
 * tenant, a role, a wrong name or password, the last main member) change nothing.
 */
import { PNG } from '../testing/files.fixtures';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants, auditEvents, institutions, memberships, users } from '../db/schema';
import { assistantFiles } from '../db/knowledge-schema';
import { conversations } from '../db/conversations-schema';
import { createTestServer, type S3rverHandle, startS3rver, type TestServer } from '../testing';
import { startSession } from '../testing/chat.fixtures';
import { form, storedKeys, uploadFiles } from '../testing/files.fixtures';
import { createMember, createTenant, type Tenant } from '../testing/institutions.fixtures';

const DAY = 86_400_000;

const stores = [
  { name: 'on the local disk', s3: false },
  { name: 'in an S3 bucket (s3rver)', s3: true },
] as const;

describe.each(stores)('deletions $name', ({ s3: useS3 }) => {
  let s3: S3rverHandle | null = null;
  let server: TestServer;

  beforeAll(async () => {
    s3 = useS3 ? await startS3rver() : null;
    server = await createTestServer({ env: s3?.env ?? {} });
  });
  afterAll(async () => {
    await server.close();
    await s3?.stop();
  });

  /** Every stored object, on disk and in the bucket. */
  const stored = async () => [...storedKeys(server), ...((await s3?.keys()) ?? [])];

  /** A tenant with a file (extracted), a logo on the assistant and the institution, and a conversation. */
  async function filled(name: string): Promise<Tenant> {
    const tenant = await createTenant(server, { name, kind: 'school' });
    const upload = await uploadFiles(server, tenant, [
      { name: 'horario.txt', bytes: 'Horario de admisiones: de lunes a viernes, de 9 a 14 horas.' },
    ]);
    expect(upload.status).toBe(201);
    const auth = { token: tenant.owner.token, institution: tenant.institution.id };
    const logo = form('logo', [{ name: 'logo.png', bytes: PNG }]);
    expect(
      (
        await server.call(`/api/institution-product/${tenant.assistant.id}/logo`, {
          method: 'POST',
          body: logo,
          ...auth,
        })
      ).status,
    ).toBe(200);
    const own = form('logo', [{ name: 'logo.png', bytes: PNG }]);
    expect(
      (
        await server.call(`/api/institution/${tenant.institution.id}/logo`, {
          method: 'POST',
          body: own,
          ...auth,
        })
      ).status,
    ).toBe(200);
    await startSession(server, tenant);
    await server.jobs.idle();
    return tenant;
  }

  const keysOf = (all: string[], tenant: Tenant) =>
    all.filter((key) => key.includes(`/${tenant.institution.id}/`));

  it("deletes an assistant with its files from storage, passages and conversations; another tenant's id or a role without assistant.manage changes nothing", async () => {
    const school = await filled('Colegio Borrar Asistente');
    const other = await filled('Colegio Vecino');
    const before = await stored();
    expect(keysOf(before, school)).toHaveLength(1);
    const call = (token: string, institution: number, ids: number[]) =>
      server.call<{ data: { code: string } }>('/api/institution-product/delete', {
        method: 'POST',
        token,
        institution,
        json: { ids },
      });

    expect((await call(other.owner.token, other.institution.id, [school.assistant.id])).status).toBe(404);
    const agent = await createMember(server, school.institution.id, 'admissions');
    expect((await call(agent.token, school.institution.id, [school.assistant.id])).status).toBe(403);
    // All or none: one foreign id refuses the lot.
    expect(
      (await call(school.owner.token, school.institution.id, [school.assistant.id, other.assistant.id]))
        .status,
    ).toBe(404);
    await server.jobs.idle();
    expect(await stored()).toEqual(before);

    const { status, body } = await call(school.owner.token, school.institution.id, [school.assistant.id]);
    expect(status).toBe(200);
    expect(body.data.code).toBe('deleted');
    await server.jobs.idle();

    const db = server.database.db;
    expect(await db.select().from(assistants).where(eq(assistants.id, school.assistant.id))).toEqual([]);
    expect(
      await db.select().from(assistantFiles).where(eq(assistantFiles.assistantId, school.assistant.id)),
    ).toEqual([]);
    expect(
      await db.select().from(conversations).where(eq(conversations.assistantId, school.assistant.id)),
    ).toEqual([]);
    const chunks = (
      (await db.execute(
        sql`select count(*)::int as n from knowledge_chunks where product_id = ${school.assistant.id}`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;
    expect(chunks).toBe(0);
    // Its file and its logo left storage; the institution's logo and the neighbour's objects stay.
    const after = await stored();
    expect(keysOf(after, school)).toEqual([]);
    expect(after).toHaveLength(before.length - 2);
    expect(keysOf(after, other)).toEqual(keysOf(before, other));
  });

  it('deletes an institution named exactly, with everything stored; members are moved out at their next request', async () => {
    const school = await filled('Colegio Cierra');
    const admin = await createMember(server, school.institution.id, 'admin-staff');
    const db = server.database.db;
    const now = server.clock.now();
    await db.insert(auditEvents).values([
      { action: 'sign_in', institutionId: school.institution.id, at: new Date(now.getTime() - 200 * DAY) },
      { action: 'sign_in', institutionId: school.institution.id, at: new Date(now.getTime() - 10 * DAY) },
    ]);
    const call = (token: string, confirmName: unknown, locale = 'en') =>
      server.call<{ issues?: { path: string; code: string; message: string }[] }>(
        `/api/institution/${school.institution.id}/delete`,
        { method: 'POST', token, json: { confirm_name: confirmName }, locale },
      );
    const before = await stored();

    // Only a main member deletes it.
    expect((await call(admin.token, 'Colegio Cierra')).status).toBe(403);
    const wrong = await call(school.owner.token, 'colegio cierra', 'es');
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues?.[0]).toMatchObject({ path: 'confirm_name', code: 'name_mismatch' });
    expect(wrong.body.issues?.[0]!.message).toBe('Escribe el nombre exactamente como aparece.');
    await server.jobs.idle();
    expect(await stored()).toEqual(before);

    expect((await call(school.owner.token, ' Colegio Cierra ')).status).toBe(200);
    await server.jobs.idle();
    expect(await db.select().from(institutions).where(eq(institutions.id, school.institution.id))).toEqual(
      [],
    );
    expect(
      await db.select().from(memberships).where(eq(memberships.institutionId, school.institution.id)),
    ).toEqual([]);
    const remaining = await stored();
    expect(keysOf(remaining, school)).toEqual([]);
    // Its file, its assistant's logo and its own logo.
    expect(remaining).toHaveLength(before.length - 3);
    // Audit: older than the legal hold gone, younger kept (with the deletion's own entry).
    const audit = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.institutionId, school.institution.id));
    expect(audit.every((event) => event.at.getTime() > now.getTime() - 180 * DAY)).toBe(true);
    expect(audit.map((event) => event.action)).toEqual(
      expect.arrayContaining(['sign_in', 'institution_deleted']),
    );

    // The member's next request: the institution is no longer theirs.
    const list = await server.call<{ data: { id: number }[] }>(`/api/user/${admin.id}/institution`, {
      token: admin.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.map((row) => row.id)).not.toContain(school.institution.id);
    const read = await server.call(`/api/institution/${school.institution.id}`, { token: admin.token });
    expect(read.status).toBe(404);
  });

  it('deletes an account: password checked, refused while the last main of a team, alone institutions named then deleted', async () => {
    const db = server.database.db;
    const mine = await filled('Colegio Solo');
    const team = await createTenant(server, { name: 'Colegio Equipo', kind: 'school' });
    // The owner of `mine` is also the only main of `team`, which has another member.
    await db
      .insert(memberships)
      .values({ institutionId: team.institution.id, userId: mine.owner.id, role: 'main' });
    await db
      .update(memberships)
      .set({ role: 'admissions' })
      .where(and(eq(memberships.institutionId, team.institution.id), eq(memberships.userId, team.owner.id)));
    server.sessionCache.forgetUser(mine.owner.id);
    server.sessionCache.forgetUser(team.owner.id);
    const del = (json: unknown, token = mine.owner.token, id = mine.owner.id) =>
      server.call<{ code?: string; message?: string }>(`/api/user/${id}/delete`, {
        method: 'POST',
        token,
        json,
      });
    const preview = await server.call<{ data: { alone: { name: string }[]; blocked: { name: string }[] } }>(
      `/api/user/${mine.owner.id}/deletion`,
      { token: mine.owner.token },
    );
    expect(preview.body.data).toMatchObject({
      alone: [{ name: 'Colegio Solo' }],
      blocked: [{ name: 'Colegio Equipo' }],
      has_password: true,
    });
    const before = await stored();

    expect((await del({ password: 'Wrong-password-1' })).body.code).toBe('wrong_current_password');
    expect((await del({ password: mine.owner.password }, team.owner.token)).status).toBe(403);
    const blocked = await del({ password: mine.owner.password, confirm_institutions: [mine.institution.id] });
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe('last_main');

    // Another main in the team: no longer blocked, but the alone institution must be named.
    await db
      .update(memberships)
      .set({ role: 'main' })
      .where(and(eq(memberships.institutionId, team.institution.id), eq(memberships.userId, team.owner.id)));
    const unconfirmed = await del({ password: mine.owner.password });
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body).toMatchObject({ code: 'institutions_to_delete' });
    expect(unconfirmed.body.message).toContain('Colegio Solo');
    await server.jobs.idle();
    expect(await stored()).toEqual(before);
    expect(await db.select().from(users).where(eq(users.id, mine.owner.id))).toHaveLength(1);

    const done = await del({ password: mine.owner.password, confirm_institutions: [mine.institution.id] });
    expect(done.status).toBe(200);
    await server.jobs.idle();
    expect(await db.select().from(users).where(eq(users.id, mine.owner.id))).toEqual([]);
    expect(await db.select().from(institutions).where(eq(institutions.id, mine.institution.id))).toEqual([]);
    expect(await db.select().from(institutions).where(eq(institutions.id, team.institution.id))).toHaveLength(
      1,
    );
    expect(keysOf(await stored(), mine)).toEqual([]);
    // Its sessions went with it.
    const after = await server.call(`/api/institution/${team.institution.id}`, { token: mine.owner.token });
    expect(after.status).toBe(401);
  });
});
