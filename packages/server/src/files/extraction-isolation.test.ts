/**
 * A hostile document costs its extraction process, not the server: a PDF that inflates past the
 * memory limit ends `failed` (too complex), the server's own memory does not grow, it keeps
 * answering, and the next file is processed as usual.
 */
import type { AssistantFile } from '@conversa/contract/knowledge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { pdfBomb } from '../testing/pdf.fixtures';
import { createTestServer, type TestServer } from '../testing';
import { uploadFiles } from '../testing/files.fixtures';

let server: TestServer;
let tenant: Tenant;
beforeAll(async () => {
  // A small heap keeps the bomb small: the memory watch allows the heap plus 256 MB.
  server = await createTestServer({ env: { EXTRACT_MEMORY_MB: '64' } });
  tenant = await createTenant(server);
});
afterAll(() => server.close());

async function listed(): Promise<AssistantFile[]> {
  const { status, body } = await server.call<{ data: AssistantFile[] }>(
    `/api/institution-product/${tenant.assistant.id}/file`,
    { token: tenant.owner.token, institution: tenant.institution.id },
  );
  expect(status).toBe(200);
  return body.data;
}

describe('document extraction in its own process', () => {
  it('fails a decompression bomb as too complex while the server keeps its memory and keeps serving', async () => {
    const bomb = await pdfBomb(512);
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
    const upload = await uploadFiles(server, tenant, [{ name: 'bomb.pdf', bytes: bomb }]);
    expect(upload.status).toBe(201);
    const health = await server.call<{ data: { status: string } }>('/api/health');
    expect(health.body.data.status).toBe('ok');
    await server.jobs.idle(120_000);
    clearInterval(sampler);

    const [file] = await listed();
    expect(file).toMatchObject({ name: 'bomb.pdf', state: 'failed', reason: 'too_complex' });
    expect((peak - before) / (1024 * 1024)).toBeLessThan(64);

    const next = await uploadFiles(server, tenant, [{ name: 'notes.txt', bytes: 'Visits on Fridays.' }]);
    expect(next.status).toBe(201);
    await server.jobs.idle(120_000);
    expect((await listed()).find((f) => f.name === 'notes.txt')).toMatchObject({ state: 'ready' });
    // Deflating and inflating half a gigabyte takes a few seconds alone, many on a loaded machine.
  }, 120_000);
});
