import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { institutions, jobs } from '../db/schema';
import { createTestServer, type TestServer } from '../testing';
import { backoffMs, enqueue, jobQueue, KEEP_DONE_MS, KEEP_FAILED_MS } from './queue';
import { type JobHandler, JobRunner } from './runner';

// The queue and runner against the real database (PGlite, then PostgreSQL), with handlers made
// for the test. The app's own runner is off: these runners are the only workers.
let server: TestServer;
const runners: JobRunner[] = [];
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  server = await createTestServer({ runJobs: false });
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop({ graceMs: 0 })));
  await server.database.db.delete(jobs);
});
afterAll(() => server.close());

function runner(
  handlers: Record<string, JobHandler>,
  options: { concurrency?: number; leaseMs?: number; pollMs?: number } = {},
) {
  const created = new JobRunner({
    db: server.database.db,
    clock: server.clock,
    logger,
    events: server.events,
    handlers,
    concurrency: options.concurrency ?? 1,
    leaseMs: options.leaseMs,
    pollMs: options.pollMs ?? 50,
  });
  runners.push(created);
  return created;
}

const add = (kind: string, payload: Record<string, unknown> = {}, maxAttempts?: number) =>
  enqueue(server.database.db, kind, payload, server.clock.now(), { maxAttempts });

async function row(id: number) {
  const [found] = await server.database.db.select().from(jobs).where(eq(jobs.id, id));
  return found!;
}

describe('finished jobs', () => {
  /** A job in `state`, last changed `ageMs` ago. */
  async function finished(state: 'done' | 'failed' | 'queued', ageMs: number) {
    const id = await add('old');
    const at = new Date(server.clock.now().getTime() - ageMs);
    await server.database.db.update(jobs).set({ state, updatedAt: at, runAt: at }).where(eq(jobs.id, id));
    return id;
  }
  const ids = async () =>
    (await server.database.db.select({ id: jobs.id }).from(jobs)).map((r) => r.id).sort();

  it('are deleted past their keeping time: done ones after a week, failed ones after a month', async () => {
    const DAY = 24 * 60 * 60_000;
    const kept = [
      await finished('done', KEEP_DONE_MS - DAY),
      await finished('failed', KEEP_DONE_MS + DAY),
      await finished('queued', KEEP_FAILED_MS + DAY),
    ];
    await finished('done', KEEP_DONE_MS + DAY);
    await finished('failed', KEEP_FAILED_MS + DAY);
    expect(await jobQueue(server.database.db, 'test').prune(server.clock.now())).toBe(2);
    expect(await ids()).toEqual(kept.sort());
  });

  it('are pruned by a running runner on its polls', async () => {
    const old = await finished('done', KEEP_DONE_MS + 60_000);
    const recent = await finished('done', 60_000);
    runner({}).start();
    const deadline = Date.now() + 5_000;
    while ((await ids()).includes(old) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await ids()).toEqual([recent]);
  });
});

describe('job queue', () => {
  it('runs a queued job once and marks it done', async () => {
    const seen: unknown[] = [];
    const worker = runner({ greet: { run: async (payload) => void seen.push(payload) } });
    worker.start();
    const id = await add('greet', { name: 'Ana' });
    await worker.idle();
    expect(seen).toEqual([{ name: 'Ana' }]);
    expect(await row(id)).toMatchObject({ state: 'done', attempts: 1, lockedBy: null, lockedUntil: null });
  });

  it('wakes the runners when the transaction that queued a job commits, not before, without polling', async () => {
    const ran: string[] = [];
    // Its polls are a minute apart: only the database's announcement can wake it in time.
    const worker = runner(
      { greet: { run: async (payload) => void ran.push(String(payload.name)) } },
      { pollMs: 60_000 },
    );
    worker.start();
    await worker.idle();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const committing = server.database.db.transaction(async (tx) => {
      await enqueue(tx, 'greet', { name: 'Ana' }, server.clock.now());
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(ran).toEqual([]);
    release();
    await committing;
    await expect.poll(() => ran, { timeout: 2_000 }).toEqual(['Ana']);
    // Queued outside a transaction: announced at once.
    await add('greet', { name: 'Luis' });
    await expect.poll(() => ran, { timeout: 2_000 }).toEqual(['Ana', 'Luis']);
  });

  it('lets requests go first: no claim while a request is being handled, for up to 100 ms', async () => {
    const ran: number[] = [];
    const worker = runner({ greet: { run: async () => void ran.push(performance.now()) } });
    worker.requests.begin();
    worker.start();
    const queuedAt = performance.now();
    await add('greet');
    // Held back while the request lasts (or, on a slow machine, until the 100 ms cap)…
    await new Promise((resolve) => setTimeout(resolve, 30));
    const endedAt = performance.now();
    worker.requests.end();
    // …and claimed once it ends.
    await expect.poll(() => ran.length, { timeout: 2_000 }).toBe(1);
    expect(ran[0]).toBeGreaterThanOrEqual(Math.min(endedAt, queuedAt + 90));
    // A request that never ends holds a claim back at most 100 ms.
    worker.requests.begin();
    await add('greet');
    const second = performance.now();
    await expect.poll(() => ran.length, { timeout: 2_000 }).toBe(2);
    expect(ran[1]! - second).toBeGreaterThanOrEqual(90);
    worker.requests.end();
  });

  it('retries a failure after a backoff on the clock, then succeeds', async () => {
    let calls = 0;
    const worker = runner({
      flaky: {
        run: async () => {
          calls += 1;
          if (calls < 3) throw new Error(`boom ${calls}`);
        },
      },
    });
    worker.start();
    const id = await add('flaky');
    await worker.idle();
    expect(calls).toBe(1);
    expect(await row(id)).toMatchObject({ state: 'queued', attempts: 1, lastError: 'Error: boom 1' });
    const first = await row(id);
    expect(first.runAt.getTime() - server.clock.now().getTime()).toBeGreaterThan(backoffMs(1) - 1_000);

    server.clock.advance(backoffMs(1) + 1);
    await worker.idle();
    expect(calls).toBe(2);
    server.clock.advance(backoffMs(2) + 1);
    await worker.idle();
    expect(calls).toBe(3);
    expect(await row(id)).toMatchObject({ state: 'done', attempts: 3 });
  });

  it('gives a job up after its attempts, once', async () => {
    const gaveUp: string[] = [];
    const worker = runner({
      doomed: {
        run: async () => {
          throw new Error('always');
        },
        giveUp: async (_payload, error) => void gaveUp.push(error),
      },
    });
    worker.start();
    const id = await add('doomed', {}, 2);
    await worker.idle();
    server.clock.advance(backoffMs(1) + 1);
    await worker.idle();
    server.clock.advance(60 * 60_000);
    await worker.idle();
    expect(await row(id)).toMatchObject({ state: 'failed', attempts: 2, lastError: 'Error: always' });
    expect(gaveUp).toEqual(['Error: always']);
  });

  it("takes over a job whose worker's lease ran out, and ignores the old worker afterwards", async () => {
    const id = await add('work');
    const dead = jobQueue(server.database.db, 'dead-worker');
    const claimed = await dead.claim(server.clock.now(), 30_000);
    expect(claimed).toMatchObject({ id, attempt: 1 });
    const ran: number[] = [];
    const worker = runner({ work: { run: async () => void ran.push(id) } });
    worker.start();
    await worker.idle();
    expect(ran).toEqual([]); // the lease still holds
    expect(await dead.renew(id, server.clock.now(), 30_000)).toBe(true);

    server.clock.advance(30_001);
    await worker.idle();
    expect(ran).toEqual([id]);
    expect(await row(id)).toMatchObject({ state: 'done', attempts: 2 });
    // The old worker coming back cannot touch it any more.
    expect(await dead.renew(id, server.clock.now(), 30_000)).toBe(false);
    await dead.complete(id, server.clock.now());
    expect(await dead.fail({ ...claimed!, attempt: 1 }, 'late', server.clock.now())).toBeNull();
    expect(await row(id)).toMatchObject({ state: 'done', lastError: null });
  });

  it('runs at most `concurrency` jobs at a time, and two runners never run the same job', async () => {
    let running = 0;
    let peak = 0;
    const runs = new Map<number, number>();
    const handler: JobHandler = {
      run: async (payload) => {
        running += 1;
        peak = Math.max(peak, running);
        const n = Number(payload.n);
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 30));
        running -= 1;
      },
    };
    const a = runner({ count: handler }, { concurrency: 2 });
    const b = runner({ count: handler }, { concurrency: 2 });
    for (let n = 0; n < 12; n += 1) await add('count', { n });
    a.start();
    b.start();
    await Promise.all([a.idle(), b.idle()]);
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual([...Array(12).keys()]);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(peak).toBeLessThanOrEqual(4);
    expect(peak).toBeGreaterThanOrEqual(2);
  });

  it('stops gracefully: a job that outlasts the grace period is handed back, its attempt not counted', async () => {
    let release: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    const worker = runner({
      slow: {
        run: async (_payload, { signal }) => {
          release();
          await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
        },
      },
    });
    worker.start();
    const id = await add('slow');
    await started;
    expect(await row(id)).toMatchObject({ state: 'running', attempts: 1 });
    await worker.stop({ graceMs: 50 });
    expect(await row(id)).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null });
  });

  it('fails a job of an unknown kind for good rather than looping on it', async () => {
    const worker = runner({});
    worker.start();
    const id = await add('nobody-knows', {}, 1);
    await worker.idle();
    expect(await row(id)).toMatchObject({
      state: 'failed',
      lastError: 'Error: no handler for job kind nobody-knows',
    });
  });
});

describe('fair claims across institutions', () => {
  /** Fresh institutions (jobs reference them). */
  async function tenants(n: number): Promise<number[]> {
    const rows = await server.database.db
      .insert(institutions)
      .values(Array.from({ length: n }, (_, i) => ({ name: `Tenant ${i}`, kind: 'school' })))
      .returning({ id: institutions.id });
    return rows.map((r) => r.id);
  }
  const addFor = (institutionId: number, n: number) =>
    enqueue(server.database.db, 'file', { n }, server.clock.now(), { institutionId });

  /** Runs every due job with one worker; resolves to the institutions in the order they ran. */
  async function runOrder(concurrency: number): Promise<number[]> {
    const order: number[] = [];
    const worker = runner(
      {
        file: {
          run: async (_payload, { job }) => {
            order.push(job.institutionId!);
            await new Promise((resolve) => setTimeout(resolve, 2));
          },
        },
      },
      { concurrency },
    );
    worker.start();
    await worker.idle();
    return order;
  }

  it("does not make one institution's single file wait behind another's twenty", async () => {
    const [a, b] = (await tenants(2)) as [number, number];
    for (let n = 0; n < 20; n += 1) await addFor(a, n);
    await addFor(b, 0);
    const order = await runOrder(1);
    expect(order).toHaveLength(21);
    expect(order.indexOf(b)).toBeLessThanOrEqual(1);
  });

  it('takes turns between busy institutions, the one served longest ago first', async () => {
    const [a, b, c] = (await tenants(3)) as [number, number, number];
    for (let n = 0; n < 4; n += 1) await addFor(a, n);
    for (let n = 0; n < 3; n += 1) await addFor(b, n);
    await addFor(c, 0);
    expect(await runOrder(1)).toEqual([a, b, c, a, b, a, b, a]);
  });

  it('prefers the institution with the fewest running jobs, for any claimer', async () => {
    const [a, b] = (await tenants(2)) as [number, number];
    for (let n = 0; n < 3; n += 1) await addFor(a, n);
    await addFor(b, 0);
    const one = jobQueue(server.database.db, 'one');
    const two = jobQueue(server.database.db, 'two');
    const first = await one.claim(server.clock.now(), 30_000);
    const second = await two.claim(server.clock.now(), 30_000);
    expect([first?.institutionId, second?.institutionId]).toEqual([a, b]);
    expect((await two.claim(server.clock.now(), 30_000))?.institutionId).toBe(a);
  });

  it('never hands one job to two concurrent claimers', async () => {
    const ids = await tenants(3);
    for (let n = 0; n < 30; n += 1) await addFor(ids[n % 3]!, n);
    const claimed: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        const queue = jobQueue(server.database.db, `claimer-${w}`);
        for (;;) {
          const job = await queue.claim(server.clock.now(), 30_000);
          if (!job) return;
          claimed.push(job.id);
        }
      }),
    );
    expect(claimed).toHaveLength(30);
    expect(new Set(claimed).size).toBe(30);
  });
});
