/**
 * Uploads against the store itself: the whole flow on a real S3-protocol server (s3rver) through
 * STORAGE_URL, and a store that fails (S3 unreachable, a local folder that cannot be written):
 * a translated 503, no row and no stored object behind.
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { AssistantDetail } from '@conversa/contract/assistant';
import { FILE_MAX_BYTES } from '@conversa/contract/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantFiles, knowledgeChunks } from '../db/knowledge-schema';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, type S3rverHandle, startS3rver, type TestServer } from '../testing';
import { readFixture } from '../testing/fixtures-dir';
import { form, listFiles, PNG, storedKeys, uploadFiles } from '../testing/files.fixtures';

const doc = (name: string) => ({ name, bytes: readFixture('documents', name) });

function uploadLogo(server: TestServer, tenant: Tenant, locale?: string) {
  return server.call<{ data: AssistantDetail; code?: string; message?: string }>(
    `/api/institution-product/${tenant.assistant.id}/logo`,
    {
      method: 'POST',
      body: form('logo', [{ name: 'logo.png', bytes: PNG, type: 'image/png' }]),
      token: tenant.owner.token,
      institution: tenant.institution.id,
      locale,
    },
  );
}

async function rowsOf(server: TestServer, tenant: Tenant) {
  return server.database.db
    .select({ id: assistantFiles.id })
    .from(assistantFiles)
    .where(eq(assistantFiles.assistantId, tenant.assistant.id));
}

describe('uploads on S3 (s3rver through STORAGE_URL)', () => {
  let s3: S3rverHandle;
  let server: TestServer;
  let school: Tenant;
  beforeAll(async () => {
    s3 = await startS3rver();
    server = await createTestServer({ env: s3.env });
    school = await createTenant(server, { name: 'Colegio Nube', kind: 'school' });
  });
  afterAll(async () => {
    await server.close();
    await s3.stop();
  });

  it('streams uploads to the bucket, extracts them from it, and deletes the objects with the files', async () => {
    const text = 'Horario de admisiones: de lunes a viernes, de 9 a 14 horas.';
    const parts = [
      doc('pdfjs_two_paragraphs_plain.pdf'),
      { name: 'horario.txt', bytes: text },
      { name: 'copia.txt', bytes: text },
    ];
    const { status, body } = await uploadFiles(server, school, parts);
    expect(status).toBe(201);
    expect(body.data.map((file) => [file.name, file.size])).toEqual([
      ['pdfjs_two_paragraphs_plain.pdf', parts[0]!.bytes.length],
      ['horario.txt', new TextEncoder().encode(text).length],
      ['horario.txt', new TextEncoder().encode(text).length],
    ]);
    expect(body.data[2]!.id).toBe(body.data[1]!.id);
    // The same content twice is kept once; nothing lands on the local disk.
    const keys = await s3.keys();
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(key).toMatch(
        new RegExp(`^uploads/files/${school.institution.id}/${school.assistant.id}/[0-9a-f-]{36}$`),
      );
    }
    expect(storedKeys(server)).toEqual([]);

    await server.jobs.idle();
    const files = await listFiles(server, school);
    expect(files.map((file) => file.state)).toEqual(['ready', 'ready']);
    const chunks = await server.database.db
      .select({ content: knowledgeChunks.content })
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.assistantId, school.assistant.id));
    expect(chunks.map((chunk) => chunk.content).join('\n')).toContain('de lunes a viernes');

    const deleted = await server.call(`/api/institution-product/${school.assistant.id}/file/delete`, {
      token: school.owner.token,
      institution: school.institution.id,
      json: { ids: files.map((file) => file.id) },
    });
    expect(deleted.status).toBe(200);
    expect(await s3.keys()).toEqual([]);
  });

  it('leaves nothing in the bucket when an upload is refused, even mid-stream past a part', async () => {
    const refused = await uploadFiles(server, school, [
      { name: 'bueno.txt', bytes: 'Texto correcto.' },
      { name: 'falso.pdf', bytes: 'no es un PDF' },
    ]);
    expect(refused.status).toBe(415);
    // Over 10 MB: the store has taken two 5 MB parts of a multipart upload when the limit cuts it.
    const over = new Uint8Array(FILE_MAX_BYTES + 1).fill(0x62);
    const large = await uploadFiles(server, school, [{ name: 'grande.txt', bytes: over }]);
    expect(large.status).toBe(413);
    expect(await rowsOf(server, school)).toEqual([]);
    expect(await s3.keys()).toEqual([]);
  });

  it('stores a logo in the bucket, serves it through the server, and deletes the one it replaces', async () => {
    const { status, body } = await uploadLogo(server, school);
    expect(status).toBe(200);
    const name = body.data.product.logo!.split('/').pop()!;
    expect(await s3.keys()).toEqual([`uploads/logos/${name}`]);
    const served = await server.request(`/api/public/logo/${name}`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    // A new logo replaces the object; the old one is deleted.
    const again = await uploadLogo(server, school);
    const next = again.body.data.product.logo!.split('/').pop()!;
    expect(next).not.toBe(name);
    expect(await s3.keys()).toEqual([`uploads/logos/${next}`]);
    expect((await server.request(`/api/public/logo/${name}`)).status).toBe(404);
  });
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('a store that fails', () => {
  it('answers an upload to an unreachable S3 with a translated 503 and writes no row', async () => {
    const s3 = await startS3rver();
    const env = { ...s3.env, AWS_ENDPOINT_URL: `http://127.0.0.1:${await closedPort()}` };
    await s3.stop();
    const server = await createTestServer({ env });
    try {
      const tenant = await createTenant(server, { name: 'Sin Nube', kind: 'school' });
      const { status, body } = await uploadFiles(server, tenant, [{ name: 'a.txt', bytes: 'hola' }], {
        locale: 'es',
      });
      expect(status).toBe(503);
      expect(body).toMatchObject({
        code: 'storage_unavailable',
        message: 'No se puede acceder al almacén de archivos. Vuelve a intentarlo en unos minutos.',
      });
      expect(await rowsOf(server, tenant)).toEqual([]);
      const logo = await uploadLogo(server, tenant);
      expect(logo.status).toBe(503);
      expect(logo.body.code).toBe('storage_unavailable');
    } finally {
      await server.close();
    }
  });

  it('answers an upload to a local folder that cannot be written with a 503, leaving nothing', async () => {
    const server = await createTestServer();
    const files = path.join(server.config.dataDir, 'files');
    try {
      const tenant = await createTenant(server, { name: 'Disco Lleno', kind: 'school' });
      expect((await uploadFiles(server, tenant, [{ name: 'a.txt', bytes: 'uno' }])).status).toBe(201);
      const before = storedKeys(server);
      // A file where the store's folder should be: every write fails (even as root).
      renameSync(files, `${files}-aside`);
      writeFileSync(files, 'not a folder');
      const { status, body } = await uploadFiles(server, tenant, [
        { name: 'b.txt', bytes: 'dos' },
        { name: 'c.txt', bytes: 'tres' },
      ]);
      expect(status).toBe(503);
      expect(body).toMatchObject({
        code: 'storage_unavailable',
        message: 'The file store cannot be reached. Try again in a few minutes.',
      });
      rmSync(files);
      renameSync(`${files}-aside`, files);
      expect((await listFiles(server, tenant)).map((file) => file.name)).toEqual(['a.txt']);
      expect(storedKeys(server)).toEqual(before);
    } finally {
      await server.close();
    }
  });
});
