import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { jobs } from '../db/schema';
import { eventually, listFiles, uploadFiles } from '../testing/files.fixtures';
import { createTenant } from '../testing/institutions.fixtures';
import { createServer } from '../server';
import { createTestServer, type TestServer } from '../testing';

const METRICS_TOKEN = 'roles-metrics-token-0123456789';
/** Any PostgreSQL URL passes ROLE's check; these apps run on the test server's database (PGlite or PostgreSQL). */
const DATABASE_URL = 'postgres://localhost/conversa';

describe('ROLE', () => {
  it('is all, web or worker; splitting needs PostgreSQL (PGlite is one process’s); METRICS_TOKEN and SHUTDOWN_GRACE_MS are checked', () => {
    const base = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/conversa-roles-config' };
    const postgres = { ...base, DATABASE_URL };
    expect(loadConfig(base).role).toBe('all');
    expect(loadConfig({ ...postgres, ROLE: 'web' }).role).toBe('web');
    expect(loadConfig({ ...postgres, ROLE: 'worker' }).role).toBe('worker');
    expect(() => loadConfig({ ...postgres, ROLE: 'jobs' })).toThrow(/ROLE must be all, web or worker/);
    expect(() => loadConfig({ ...base, ROLE: 'web' })).toThrow(/ROLE=web needs DATABASE_URL/);
    expect(() => loadConfig({ ...base, ROLE: 'worker' })).toThrow(/ROLE=worker needs DATABASE_URL/);
    expect(loadConfig({ ...base, METRICS_TOKEN: 'm'.repeat(16) }).metricsToken).toBe('m'.repeat(16));
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN must be at least 16/,
    );
    expect(loadConfig(base).shutdownGraceMs).toBe(20_000);
    expect(loadConfig({ ...base, SHUTDOWN_GRACE_MS: '0' }).shutdownGraceMs).toBe(0);
    expect(() => loadConfig({ ...base, SHUTDOWN_GRACE_MS: '30000' })).toThrow(/at most 25000/);
  });
});

/**
 * A worker process (ROLE=worker) beside `web`, on its database and data dir: its own job runner,
 * app and event bus (on PostgreSQL a bus of its own relays through LISTEN/NOTIFY, as between two
 * processes; on PGlite, which one process owns, the runner finds jobs by polling).
 */
async function workerBeside(web: TestServer) {
  const config = loadConfig({
    DATA_DIR: web.location.dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    PUBLIC_URL: web.config.publicUrl,
    ROLE: 'worker',
    // On PostgreSQL, the web process's database: the worker's event bus listens there.
    DATABASE_URL: web.location.kind === 'postgres' ? web.location.url : DATABASE_URL,
    METRICS_TOKEN,
  });
  const { app, jobs, events, mailer } = await createServer(config, {
    database: web.database,
    logger: pino({ level: 'silent' }),
    clock: web.clock,
    storage: web.storage,
    pollMs: 200,
  });
  return {
    jobs,
    call: (pathname: string, init: RequestInit = {}) => app.request(`http://conversa.test${pathname}`, init),
    async close() {
      await jobs.stop();
      await events.close();
      mailer.close();
    },
  };
}

// Two processes on one database, as a deployment that separates them runs: a web process queues
// jobs and never runs one; a worker runs them and answers only the probes.
describe('web and worker processes on one database', () => {
  it('the web process leaves its jobs queued; the worker runs them and serves the probes only', async () => {
    const web = await createTestServer({ env: { ROLE: 'web', DATABASE_URL, METRICS_TOKEN } });
    const worker = await workerBeside(web);
    try {
      const tenant = await createTenant(web, { name: 'Split School', kind: 'school' });
      const first = await uploadFiles(web, tenant, [{ name: 'faq.txt', bytes: 'Uniforms are blue.' }]);
      expect(first.status).toBe(201);
      const fileId = first.body.data[0]!.id;

      // Past the web runner's poll (1 s in tests): it claimed nothing.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const [waiting] = await web.database.db.select().from(jobs).where(eq(jobs.kind, 'process_file'));
      expect(waiting).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null });
      expect(web.jobs.active).toBe(0);
      expect((await listFiles(web, tenant))[0]).toMatchObject({ id: fileId, state: 'processing' });

      // The worker takes it, and what the web process queues from now on.
      worker.jobs.start();
      await worker.jobs.idle();
      expect((await listFiles(web, tenant))[0]).toMatchObject({ id: fileId, state: 'ready' });
      const [done] = await web.database.db.select().from(jobs).where(eq(jobs.id, waiting!.id));
      expect(done).toMatchObject({ state: 'done', attempts: 1 });

      const second = await uploadFiles(web, tenant, [{ name: 'fees.txt', bytes: 'Fees are due monthly.' }]);
      expect(second.status).toBe(201);
      await eventually(async () => (await listFiles(web, tenant)).every((file) => file.state === 'ready'));

      // The worker's HTTP: the probes and the metrics, nothing else.
      expect((await worker.call('/api/health')).status).toBe(200);
      expect((await worker.call('/api/ready')).status).toBe(200);
      const metrics = await worker.call('/api/metrics', {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toMatch(/^conversa_jobs\{state="done"\} 2$/m);
      const staff = {
        authorization: `Bearer ${tenant.owner.token}`,
        'x-institution-id': String(tenant.institution.id),
      };
      for (const [pathname, init] of [
        ['/api/country', {}],
        ['/api/openapi.json', {}],
        [`/api/institution-product/${tenant.assistant.id}/file`, { headers: staff }],
        [
          '/api/auth/login',
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: tenant.owner.email, password: tenant.owner.password }),
          },
        ],
        ['/', {}],
        ['/login', {}],
        ['/embed.js', {}],
      ] as const) {
        expect((await worker.call(pathname, init)).status, pathname).toBe(404);
      }
      // The web process answers them.
      expect((await web.call('/api/country')).status).toBe(200);
    } finally {
      await worker.close();
      await web.close();
    }
  });
});
