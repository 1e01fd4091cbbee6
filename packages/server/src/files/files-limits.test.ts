import { FILE_MAX_BYTES, FILE_MAX_COUNT } from '@conversa/contract/constants';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { assistantFiles } from '../db/knowledge-schema';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';
import { readFixture } from '../testing/fixtures-dir';
import { FILE_NAME_MAX } from './file-name';
import { listFiles, PNG, storedKeys, uploadFiles } from '../testing/files.fixtures';

// Jobs stay queued here: these tests are about what an upload accepts, not about processing.
let server: TestServer;
let tenant: Tenant;

beforeAll(async () => {
  server = await createTestServer({ runJobs: false });
  tenant = await createTenant(server, { name: 'Limits School', kind: 'school' });
});
afterAll(() => server.close());

const uploadPath = () => `/api/institution-product/${tenant.assistant.id}/file`;
const owner = () => ({ token: tenant.owner.token, institution: tenant.institution.id });

async function nothingWritten() {
  expect(await server.database.db.select().from(assistantFiles)).toEqual([]);
  expect(await server.database.db.select().from(jobs)).toEqual([]);
  expect(storedKeys(server)).toEqual([]);
}

async function clear() {
  await server.database.db.delete(jobs);
  await server.database.db.delete(assistantFiles);
  for (const key of storedKeys(server)) await server.storage.delete(key);
}

/** A hand-made multipart body (for what FormData would never send). */
function raw(
  parts: { disposition: string; type?: string; body: string | Uint8Array }[],
  boundary = 'b0undary',
) {
  const chunks: Uint8Array[] = [];
  const text = (value: string) => chunks.push(new TextEncoder().encode(value));
  for (const part of parts) {
    text(`--${boundary}\r\nContent-Disposition: ${part.disposition}\r\n`);
    if (part.type) text(`Content-Type: ${part.type}\r\n`);
    text('\r\n');
    chunks.push(typeof part.body === 'string' ? new TextEncoder().encode(part.body) : part.body);
    text('\r\n');
  }
  text(`--${boundary}--\r\n`);
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function post(
  body: NonNullable<RequestInit['body']>,
  contentType: string,
  headers: Record<string, string> = {},
) {
  return server.call<{ code: string; issues?: { path: string; code: string; message: string }[] }>(
    uploadPath(),
    {
      ...owner(),
      method: 'POST',
      body,
      headers: { 'content-type': contentType, ...headers },
    },
  );
}

describe('upload limits', () => {
  it('accepts a file of exactly 10 MB and refuses one byte more, naming it (413)', async () => {
    const exact = new Uint8Array(FILE_MAX_BYTES).fill(0x61);
    const ok = await uploadFiles(server, tenant, [{ name: 'exact.txt', bytes: exact }]);
    expect(ok.status).toBe(201);
    expect(ok.body.data[0]).toMatchObject({ size: FILE_MAX_BYTES, state: 'processing' });
    await clear();

    const over = new Uint8Array(FILE_MAX_BYTES + 1).fill(0x62);
    const { status, body } = await uploadFiles(server, tenant, [{ name: 'big.txt', bytes: over }]);
    expect(status).toBe(413);
    expect(body).toMatchObject({
      code: 'payload_too_large',
      issues: [
        { path: 'files', code: 'file_too_large', message: 'The file big.txt exceeds the 10 MB limit.' },
      ],
    });
    const es = await uploadFiles(server, tenant, [{ name: 'grande.txt', bytes: over }], { locale: 'es' });
    expect(es.body.issues?.[0]?.message).toBe('El archivo grande.txt supera el límite de 10 MB.');
    await nothingWritten();
  });

  it('refuses spoofed and unsupported files by their content, whatever the name or declared type (415)', async () => {
    const zipWithoutWord = readFixture('documents', 'mammoth_tables.docx').slice(0, 30);
    const cases = [
      { name: 'page.pdf', bytes: '<!doctype html><script>alert(1)</script>', type: 'application/pdf' },
      {
        name: 'tool.txt',
        bytes: Uint8Array.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]),
        type: 'text/plain',
      },
      {
        name: 'photo.docx',
        bytes: PNG,
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      },
      { name: 'broken.docx', bytes: zipWithoutWord },
      { name: 'image.png', bytes: PNG, type: 'image/png' },
      { name: 'paper.txt', bytes: readFixture('documents', 'pdfjs_two_paragraphs_plain.pdf') },
    ];
    for (const part of cases) {
      const { status, body } = await uploadFiles(server, tenant, [part]);
      expect(status, part.name).toBe(415);
      expect(body.code).toBe('unsupported_media_type');
      expect(body.issues).toEqual([
        {
          path: 'files',
          code: 'file_type',
          message: `${part.name}: Only TXT, DOCX and PDF files are allowed.`,
        },
      ]);
    }
    // All or nothing: a good file next to a bad one is not kept either.
    const mixed = await uploadFiles(server, tenant, [
      { name: 'good.txt', bytes: 'Fine text.' },
      { name: 'evil.pdf', bytes: '<svg onload="alert(1)"/>' },
    ]);
    expect(mixed.status).toBe(415);
    await nothingWritten();
  });

  it(`holds at most ${FILE_MAX_COUNT} files, counting those already stored (400)`, async () => {
    const files = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        name: `f${from + i}.txt`,
        bytes: `File number ${from + i}.`,
      }));
    const tooMany = await uploadFiles(server, tenant, files(0, FILE_MAX_COUNT + 1));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({
      code: 'validation_failed',
      issues: [
        { path: 'files', code: 'too_many_files', message: 'Only a maximum of 20 files can be uploaded.' },
      ],
    });
    await nothingWritten();

    expect((await uploadFiles(server, tenant, files(0, FILE_MAX_COUNT - 1))).status).toBe(201);
    const over = await uploadFiles(server, tenant, files(100, 2));
    expect(over.status).toBe(400);
    expect(over.body.issues?.[0]?.code).toBe('too_many_files');
    expect(await listFiles(server, tenant)).toHaveLength(FILE_MAX_COUNT - 1);
    expect(storedKeys(server)).toHaveLength(FILE_MAX_COUNT - 1);
    // A duplicate does not count; one more new file fills the last place.
    expect((await uploadFiles(server, tenant, [...files(0, 1), ...files(200, 1)])).status).toBe(201);
    expect((await uploadFiles(server, tenant, files(300, 1))).status).toBe(400);
    expect(await listFiles(server, tenant)).toHaveLength(FILE_MAX_COUNT);
    await clear();
  });

  it('refuses a 500 MB body at once (413), without reading it', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = new Uint8Array(64 * 1024).fill(0x61);
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const { status, body: answer } = await post(body, 'multipart/form-data; boundary=b0undary', {
      'content-length': String(500 * 1024 * 1024),
    });
    expect(status).toBe(413);
    expect(answer.code).toBe('payload_too_large');
    expect(pulled).toBeLessThan(2 * 1024 * 1024);
    await nothingWritten();
  });

  it('cuts off an endless file without a declared length just past the limit (413)', async () => {
    let pulled = 0;
    const head = new TextEncoder().encode(
      '--b0undary\r\nContent-Disposition: form-data; name="files"; filename="endless.txt"\r\n\r\n',
    );
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = pulled === 0 ? head : new Uint8Array(64 * 1024).fill(0x61);
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const { status, body: answer } = await post(body, 'multipart/form-data; boundary=b0undary');
    expect(status).toBe(413);
    expect(answer.issues?.[0]).toMatchObject({
      code: 'file_too_large',
      message: expect.stringContaining('endless.txt'),
    });
    expect(pulled).toBeLessThan(FILE_MAX_BYTES + 4 * 1024 * 1024);
    await nothingWritten();
  });
});

describe('bad input is a 4xx, never a 500', () => {
  it('answers garbage, missing boundaries, wrong fields and empty files with a 4xx', async () => {
    const file = { disposition: 'form-data; name="files"; filename="a.txt"', body: 'Hello.' };
    const cases: [string, NonNullable<RequestInit['body']>, string, number][] = [
      ['no boundary', raw([file]).body, 'multipart/form-data', 400],
      ['garbage', new Uint8Array([0, 1, 2, 255, 13, 10, 45, 45]), 'multipart/form-data; boundary=x', 400],
      ['truncated', raw([file]).body.subarray(0, 60), raw([file]).contentType, 400],
      ['JSON', '{"files":[]}', 'application/json', 415],
      ['no content type', 'files=a', '', 415],
      [
        'wrong field',
        raw([{ ...file, disposition: 'form-data; name="file"; filename="a.txt"' }]).body,
        raw([]).contentType,
        400,
      ],
      [
        'a field, not a file',
        raw([{ disposition: 'form-data; name="files"', body: 'text' }]).body,
        raw([]).contentType,
        400,
      ],
      ['empty file', raw([{ ...file, body: '' }]).body, raw([]).contentType, 400],
      ['no parts', raw([]).body, raw([]).contentType, 400],
      [
        'header garbage',
        raw([{ disposition: 'form-data; name="files"; filename="a.txt"\r\nX: \u0000', body: 'x' }]).body,
        raw([]).contentType,
        400,
      ],
    ];
    for (const [label, body, type, expected] of cases) {
      const { status, body: answer } = await post(body, type);
      expect(status, label).toBe(expected);
      if (expected === 400 && label !== 'header garbage') {
        expect(answer.issues?.[0], label).toMatchObject({ path: 'files', code: 'file_required' });
      }
    }
    await nothingWritten();
  });

  it('keeps odd file names displayable and never uses them as paths', async () => {
    const long = `${'ñ'.repeat(5000)}.txt`;
    const odd = [
      { disposition: 'form-data; name="files"; filename="../../../etc/passwd.txt"', body: 'One.' },
      { disposition: 'form-data; name="files"; filename="C:\\\\Users\\\\x\\\\notes.txt"', body: 'Two.' },
      { disposition: `form-data; name="files"; filename="${long}"`, body: 'Three.' },
      { disposition: 'form-data; name="files"; filename="doc\u202Etxt.exe.txt"', body: 'Four.' },
      { disposition: 'form-data; name="files"; filename="...hidden.txt"', body: 'Five.' },
      { disposition: 'form-data; name="files"; filename*=UTF-8\'\'a%C3%B1o%20escolar.txt', body: 'Six.' },
      { disposition: 'form-data; name="files"; filename="..."', body: 'Seven.' },
    ];
    const { body, contentType } = raw(odd);
    const { status, body: answer } = await server.call<{ data: { name: string }[] }>(uploadPath(), {
      ...owner(),
      method: 'POST',
      body,
      headers: { 'content-type': contentType },
    });
    expect(status).toBe(201);
    const names = answer.data.map((file) => file.name);
    expect(names.slice(0, 2)).toEqual(['passwd.txt', 'notes.txt']);
    expect(Array.from(names[2]!)).toHaveLength(FILE_NAME_MAX);
    expect(names[2]!.endsWith('ñ.txt')).toBe(true);
    expect(names.slice(3)).toEqual(['doctxt.exe.txt', 'hidden.txt', 'año escolar.txt', 'file']);
    for (const key of storedKeys(server)) expect(key).toMatch(/^files\/\d+\/\d+\/[0-9a-f-]{36}$/);
    await clear();
  });

  it('answers any bytes as a multipart body with a 4xx and writes nothing (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 2048 }),
        fc.constantFrom('b0undary', 'x', '----'),
        async (bytes, boundary) => {
          const { status } = await post(bytes, `multipart/form-data; boundary=${boundary}`);
          expect(status).toBeGreaterThanOrEqual(400);
          expect(status).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
    await nothingWritten();
  });
});
