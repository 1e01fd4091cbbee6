import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { listFiles, uploadFiles } from '../testing/files.fixtures';
import { createTenant } from '../testing/institutions.fixtures';
import { createTestServer } from '../testing';
import { readFixture } from '../testing/fixtures-dir';

// The job row is the truth: a server that dies mid-processing leaves a running job with a lease;
// the next server on the same database (the same PGlite folder, or the same PostgreSQL database)
// takes it over once the lease has run out, and the file ends up ready.
it('a crash mid-processing resumes after restart', async () => {
  const first = await createTestServer({ durable: true, runJobs: false });
  const tenant = await createTenant(first, { name: 'Crash School', kind: 'school' });
  const pdf = readFixture('documents', 'multilingual_es_ar_he_zh_2pages.pdf');
  const { status, body } = await uploadFiles(first, tenant, [{ name: 'folleto.pdf', bytes: pdf }]);
  expect(status).toBe(201);
  const fileId = body.data[0]!.id;

  // The first server's worker takes the job… and the process dies before finishing it.
  const claimed = await first.jobs.queue.claim(first.clock.now(), first.jobs.leaseMs);
  expect(claimed).toMatchObject({ kind: 'process_file', payload: { fileId }, attempt: 1 });
  await first.close();

  const second = await createTestServer({ reopen: first.location });
  try {
    // While the dead worker's lease holds, nobody else runs the job.
    await second.jobs.idle();
    expect((await listFiles(second, tenant))[0]).toMatchObject({ id: fileId, state: 'processing' });
    const [held] = await second.database.db.select().from(jobs).where(eq(jobs.id, claimed!.id));
    expect(held).toMatchObject({ state: 'running', lockedBy: first.jobs.workerId, attempts: 1 });

    second.clock.advance(first.jobs.leaseMs + 1_000);
    second.jobs.wake();
    await second.jobs.idle();
    expect((await listFiles(second, tenant))[0]).toMatchObject({ id: fileId, state: 'ready', reason: null });
    const [done] = await second.database.db.select().from(jobs).where(eq(jobs.id, claimed!.id));
    expect(done).toMatchObject({ state: 'done', lockedBy: null, attempts: 2 });
  } finally {
    await second.close();
  }
});
