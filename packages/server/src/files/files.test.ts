import type { AssistantFile } from '@conversa/contract/knowledge';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { assistantFiles, knowledgeChunks } from '../db/knowledge-schema';
import { createMember, createTenant, guestToken, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';
import { readFixture } from '../testing/fixtures-dir';
import { listFiles, storedKeys, uploadFiles } from '../testing/files.fixtures';

let server: TestServer;
let school: Tenant;
let other: Tenant;

beforeAll(async () => {
  server = await createTestServer();
  school = await createTenant(server, { name: 'Colegio Sol', kind: 'school' });
  other = await createTenant(server, { name: 'Other Ltd', kind: 'business' });
});
afterAll(() => server.close());

const doc = (name: string) => ({ name, bytes: readFixture('documents', name) });
const filePath = (tenant: Tenant, rest = '') => `/api/institution-product/${tenant.assistant.id}/file${rest}`;

async function chunksOf(fileIds: number[]) {
  return server.database.db
    .select({ fileId: knowledgeChunks.fileId, content: knowledgeChunks.content })
    .from(knowledgeChunks)
    .where(inArray(knowledgeChunks.fileId, fileIds));
}

async function deleteAll(tenant: Tenant) {
  const ids = (await listFiles(server, tenant)).map((file) => file.id);
  if (ids.length === 0) return;
  const { status } = await server.call(filePath(tenant, '/delete'), {
    token: tenant.owner.token,
    institution: tenant.institution.id,
    json: { ids },
  });
  expect(status).toBe(200);
}

describe('POST /api/institution-product/{id}/file', () => {
  it('accepts PDF, DOCX and TXT as processing, then indexes them and marks them ready', async () => {
    const text = 'Horario de admisiones: de lunes a viernes, de 9 a 14 horas.';
    const parts = [
      doc('pdfjs_two_paragraphs_plain.pdf'),
      doc('mammoth_simple_list.docx'),
      { name: 'horario.txt', bytes: text },
    ];
    const { status, body } = await uploadFiles(server, school, parts);
    expect(status).toBe(201);
    expect(body.data.map((file) => [file.name, file.type, file.state, file.reason])).toEqual([
      ['pdfjs_two_paragraphs_plain.pdf', 'pdf', 'processing', null],
      ['mammoth_simple_list.docx', 'docx', 'processing', null],
      ['horario.txt', 'txt', 'processing', null],
    ]);
    expect(body.data[0]!.size).toBe(parts[0]!.bytes.length);
    expect(body.data[2]!.size).toBe(new TextEncoder().encode(text).length);
    // Stored under random keys of the tenant's assistant, never under the names.
    const keys = storedKeys(server);
    expect(keys).toHaveLength(3);
    for (const key of keys) {
      expect(key).toMatch(
        new RegExp(`^files/${school.institution.id}/${school.assistant.id}/[0-9a-f-]{36}$`),
      );
    }

    await server.jobs.idle();
    const files = await listFiles(server, school);
    expect(files.map((file) => [file.name, file.state, file.reason])).toEqual([
      ['horario.txt', 'ready', null],
      ['mammoth_simple_list.docx', 'ready', null],
      ['pdfjs_two_paragraphs_plain.pdf', 'ready', null],
    ]);
    const chunks = await chunksOf(files.map((file) => file.id));
    const byFile = (name: string) =>
      chunks
        .filter((chunk) => chunk.fileId === files.find((file) => file.name === name)!.id)
        .map((chunk) => chunk.content)
        .join('\n');
    expect(byFile('pdfjs_two_paragraphs_plain.pdf')).toContain('The first paragraph');
    expect(byFile('mammoth_simple_list.docx')).toMatch(/Apple[\s\S]*Banana/);
    expect(byFile('horario.txt')).toContain('lunes a viernes');
    const [pdfRow] = await server.database.db
      .select({ pages: assistantFiles.pages, chars: assistantFiles.chars })
      .from(assistantFiles)
      .where(eq(assistantFiles.id, files[2]!.id));
    expect(pdfRow).toMatchObject({ pages: 1, chars: expect.any(Number) });
    const done = await server.database.db.select({ state: jobs.state }).from(jobs);
    expect(done.every((job) => job.state === 'done')).toBe(true);
    await deleteAll(school);
  });

  it('marks files that cannot be used as failed, with a reason the user can act on', async () => {
    const parts = [
      doc('pdfjs_encrypted_userpw_abc.pdf'),
      doc('pdfjs_image_only_no_text.pdf'),
      doc('mammoth_empty.docx'),
    ];
    const { status } = await uploadFiles(server, school, parts);
    expect(status).toBe(201);
    await server.jobs.idle();
    const files = await listFiles(server, school);
    expect(Object.fromEntries(files.map((file) => [file.name, [file.state, file.reason]]))).toEqual({
      'pdfjs_encrypted_userpw_abc.pdf': ['failed', 'encrypted'],
      'pdfjs_image_only_no_text.pdf': ['failed', 'no_text_layer'],
      'mammoth_empty.docx': ['failed', 'empty'],
    });
    expect(await chunksOf(files.map((file) => file.id))).toEqual([]);
    await deleteAll(school);
  });

  it('keeps one file per content: a re-upload answers the file already there', async () => {
    const first = await uploadFiles(server, school, [{ name: 'faq.txt', bytes: 'Uniforms are blue.' }]);
    expect(first.status).toBe(201);
    const again = await uploadFiles(server, school, [
      { name: 'faq copy.txt', bytes: 'Uniforms are blue.' },
      { name: 'fees.txt', bytes: 'Fees are due monthly.' },
      { name: 'fees (1).txt', bytes: 'Fees are due monthly.' },
    ]);
    expect(again.status).toBe(201);
    const [existing, fees, feesAgain] = again.body.data;
    expect(existing).toMatchObject({ id: first.body.data[0]!.id, name: 'faq.txt' });
    expect(feesAgain!.id).toBe(fees!.id);
    expect((await listFiles(server, school)).map((file) => file.name)).toEqual(['fees.txt', 'faq.txt']);
    expect(storedKeys(server)).toHaveLength(2);
    await server.jobs.idle();
    await deleteAll(school);
  });

  it('lets trainers upload; read-only roles list but may not upload or delete', async () => {
    const trainer = await createMember(server, school.institution.id, 'communication');
    const reader = await createMember(server, school.institution.id, 'admissions_agent');
    const asTrainer = await uploadFiles(server, school, [{ name: 'a.txt', bytes: 'Trainer text.' }], {
      token: trainer.token,
    });
    expect(asTrainer.status).toBe(201);
    const listed = await server.call<{ data: AssistantFile[] }>(filePath(school), {
      token: reader.token,
      institution: school.institution.id,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(1);
    const refused = await uploadFiles(server, school, [{ name: 'b.txt', bytes: 'Reader text.' }], {
      token: reader.token,
    });
    expect(refused.status).toBe(403);
    const deleteRefused = await server.call(filePath(school, '/delete'), {
      token: reader.token,
      institution: school.institution.id,
      json: { ids: [listed.body.data[0]!.id] },
    });
    expect(deleteRefused.status).toBe(403);
    expect(await listFiles(server, school)).toHaveLength(1);
    await server.jobs.idle();
    await deleteAll(school);
  });

  it('refuses another tenant and chat visitors on every file route, storing nothing', async () => {
    const { body } = await uploadFiles(server, school, [{ name: 'own.txt', bytes: 'Our own text.' }]);
    const ownId = body.data[0]!.id;
    const guest = await guestToken(server, school.assistant.id);
    const before = storedKeys(server);
    for (const institution of [other.institution.id, school.institution.id, null]) {
      const as = { token: other.owner.token, institution };
      const upload = await uploadFiles(server, school, [{ name: 'x.txt', bytes: 'Intruder.' }], as);
      expect(upload.status, `upload, header ${institution}`).toBe(404);
      const list = await server.call(filePath(school), as);
      expect(list.status).toBe(404);
      const del = await server.call(filePath(school, '/delete'), { ...as, json: { ids: [ownId] } });
      expect(del.status).toBe(404);
    }
    const guestUpload = await uploadFiles(server, school, [{ name: 'x.txt', bytes: 'Visitor.' }], {
      token: guest,
    });
    expect(guestUpload.status).toBe(403);
    expect(guestUpload.body.code).toBe('guest_forbidden');
    const guestList = await server.call(filePath(school), {
      token: guest,
      institution: school.institution.id,
    });
    expect(guestList.status).toBe(403);
    const guestDelete = await server.call(filePath(school, '/delete'), {
      token: guest,
      institution: school.institution.id,
      json: { ids: [ownId] },
    });
    expect(guestDelete.status).toBe(403);
    expect(storedKeys(server)).toEqual(before);
    expect((await listFiles(server, school)).map((file) => file.id)).toEqual([ownId]);
    await server.jobs.idle();
    await deleteAll(school);
  });
});

describe('POST /api/institution-product/{id}/file/delete', () => {
  it('deletes files with their passages, stored bytes and pending jobs', async () => {
    const { body } = await uploadFiles(server, school, [
      { name: 'keep.txt', bytes: 'Keep this one about lunch menus.' },
      { name: 'drop-1.txt', bytes: 'Drop this one about buses.' },
      { name: 'drop-2.txt', bytes: 'Drop this one about sports.' },
    ]);
    await server.jobs.idle();
    const [keep, drop1, drop2] = body.data;
    expect((await chunksOf([drop1!.id, drop2!.id])).length).toBeGreaterThan(0);
    // A queued job for a file being deleted goes with it.
    await server.database.db
      .update(jobs)
      .set({ state: 'queued' })
      .where(sql`(payload->>'fileId')::int = ${drop1!.id}`);

    const { status, body: answer } = await server.call(filePath(school, '/delete'), {
      token: school.owner.token,
      institution: school.institution.id,
      locale: 'es',
      json: { ids: [drop1!.id, drop2!.id] },
    });
    expect(status).toBe(200);
    expect(answer).toEqual({ data: { message: 'Eliminado correctamente.', code: 'deleted' } });
    expect((await listFiles(server, school)).map((file) => file.id)).toEqual([keep!.id]);
    expect(await chunksOf([drop1!.id, drop2!.id])).toEqual([]);
    expect((await chunksOf([keep!.id])).length).toBeGreaterThan(0);
    expect(storedKeys(server)).toHaveLength(1);
    const left = await server.database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(sql`(payload->>'fileId')::int in (${drop1!.id}, ${drop2!.id})`);
    expect(left).toEqual([]);
    await deleteAll(school);
  });

  it("deletes nothing when any id is unknown or another assistant's (404)", async () => {
    const mine = await uploadFiles(server, school, [{ name: 'mine.txt', bytes: 'Mine.' }]);
    const theirs = await uploadFiles(server, other, [{ name: 'theirs.txt', bytes: 'Theirs.' }]);
    const mineId = mine.body.data[0]!.id;
    const theirsId = theirs.body.data[0]!.id;
    for (const ids of [[mineId, 999_999], [mineId, theirsId], [theirsId]]) {
      const { status, body } = await server.call(filePath(school, '/delete'), {
        token: school.owner.token,
        institution: school.institution.id,
        json: { ids },
      });
      expect(status, JSON.stringify(ids)).toBe(404);
      expect(body).toMatchObject({ code: 'not_found' });
    }
    expect((await listFiles(server, school)).map((file) => file.id)).toEqual([mineId]);
    expect((await listFiles(server, other)).map((file) => file.id)).toEqual([theirsId]);
    for (const json of [{}, { ids: [] }, { ids: ['1'] }, { ids: [0] }, { ids: Array(101).fill(mineId) }]) {
      const { status } = await server.call(filePath(school, '/delete'), {
        token: school.owner.token,
        institution: school.institution.id,
        json,
      });
      expect(status, JSON.stringify(json)).toBe(400);
    }
    await server.jobs.idle();
    await deleteAll(school);
    await deleteAll(other);
    const rows = await server.database.db
      .select()
      .from(assistantFiles)
      .where(and(eq(assistantFiles.institutionId, school.institution.id)));
    expect(rows).toEqual([]);
  });
});
