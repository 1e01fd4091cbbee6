/**
 * Politeness kept across processes (host-pacer.ts): two pacers on one database, as two server
 * processes have, asking one host at once start their requests one Crawl-delay apart, not each its
 * own, and never have more than WEBSITE_HOST_REQUESTS_AT_ONCE requests in flight to it together; a
 * slot a stopped process held is free once its hold runs out. The runner's hourly sweep forgets what
 * no longer holds anything back: delays long passed, slots long free, and the daily budgets' counts
 * of days gone; and a process keeps nothing for a host it is done with.
 */
import { WEBSITE_HOST_REQUESTS_AT_ONCE } from '@conversa/contract/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlBudget, crawlHostSlots, crawlHosts } from '../db/websites-schema';
import { createTestServer, type TestServer } from '../testing';
import { createTenant } from '../testing/institutions.fixtures';
import { budgetDay, crawlBudgetRepo, pruneCrawlBudget } from './crawl-budget.repo';
import { hostPacer, pruneCrawlHosts } from './host-pacer';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ runJobs: false });
});
afterAll(() => server.close());

const DELAY_MS = 1_000;

describe('hostPacer', () => {
  it('spaces the requests of every process to a host by its Crawl-delay', async () => {
    const [first, second] = [0, 1].map(() => hostPacer(server.database.db, server.clock));
    const starts: number[] = [];
    const request = () => Promise.resolve(starts.push(performance.now()));
    await Promise.all([
      first!.run('school.example', DELAY_MS, request),
      second!.run('school.example', DELAY_MS, request),
      first!.run('school.example', DELAY_MS, request),
      second!.run('school.example', DELAY_MS, request),
    ]);
    starts.sort((a, b) => a - b);
    // Between processes, the delay less one database statement's time (PGlite's, on a loaded machine).
    for (let i = 1; i < starts.length; i += 1) {
      expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(DELAY_MS - 150);
    }
    // Another host is not held back by this one's delay.
    const before = performance.now();
    await second!.run('other.example', DELAY_MS, () => Promise.resolve());
    expect(performance.now() - before).toBeLessThan(DELAY_MS);

    // Nothing is kept in the process for a host once its requests are done and its delay passed:
    // other.example's request has just ended (school.example's last may have ended a delay ago on a
    // loaded machine, whichever pacer sent it), then both are forgotten.
    expect(second!.hostsKept).toBeGreaterThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS + 100));
    expect([first!.hostsKept, second!.hostsKept]).toEqual([0, 0]);
    // And the next request to it still keeps the delay, through the database.
    const again: number[] = [];
    const note = () => Promise.resolve(again.push(performance.now()));
    await Promise.all([
      first!.run('school.example', DELAY_MS, note),
      first!.run('school.example', DELAY_MS, note),
    ]);
    expect(again[1]! - again[0]!).toBeGreaterThanOrEqual(DELAY_MS - 150);
  });

  it('keeps the requests in flight to a host within its slots, every process together', async () => {
    const [first, second] = [0, 1].map(() => hostPacer(server.database.db, server.clock));
    let inFlight = 0;
    let most = 0;
    const request = async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 150));
      inFlight -= 1;
    };
    // Six requests from each process at once, no Crawl-delay.
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        (index % 2 ? first! : second!).run('busy.example', 0, request),
      ),
    );
    expect(most).toBe(WEBSITE_HOST_REQUESTS_AT_ONCE);
    // Every slot freed at the end: the next request starts at once.
    const before = performance.now();
    await first!.run('busy.example', 0, () => Promise.resolve());
    expect(performance.now() - before).toBeLessThan(150);
    // A failing request frees its slot too.
    await expect(
      second!.run('busy.example', 0, () => Promise.reject(new Error('the site hung up'))),
    ).rejects.toThrow('the site hung up');
    const held = await server.database.db
      .select({ heldUntil: crawlHostSlots.heldUntil })
      .from(crawlHostSlots)
      .where(eq(crawlHostSlots.host, 'busy.example'));
    expect(held).toHaveLength(WEBSITE_HOST_REQUESTS_AT_ONCE);
    for (const { heldUntil } of held)
      expect(heldUntil.getTime()).toBeLessThanOrEqual(server.clock.now().getTime());
  });

  it('takes the slots a stopped process held once their hold runs out', async () => {
    const { db } = server.database;
    const until = new Date(server.clock.now().getTime() + 600);
    await db.insert(crawlHostSlots).values(
      Array.from({ length: WEBSITE_HOST_REQUESTS_AT_ONCE }, (_, slot) => ({
        host: 'stopped.example',
        slot,
        heldUntil: until,
        holder: 'a process that stopped',
      })),
    );
    const before = performance.now();
    await hostPacer(db, server.clock).run('stopped.example', 0, () => Promise.resolve());
    expect(performance.now() - before).toBeGreaterThanOrEqual(500);
  });
});

describe('the hourly sweep', () => {
  it('forgets the delays that passed over an hour ago and the budgets of days gone', async () => {
    const { db } = server.database;
    const now = server.clock.now();
    const hour = 60 * 60_000;
    await db.insert(crawlHosts).values([
      { host: 'long-ago.example', nextAt: new Date(now.getTime() - 2 * hour) },
      { host: 'just-now.example', nextAt: new Date(now.getTime() - 10 * 60_000) },
      { host: 'later.example', nextAt: new Date(now.getTime() + hour) },
    ]);
    await db.insert(crawlHostSlots).values([
      { host: 'long-ago.example', slot: 0, heldUntil: new Date(now.getTime() - 2 * hour), holder: 'x' },
      { host: 'just-now.example', slot: 0, heldUntil: new Date(now.getTime() - 10 * 60_000), holder: 'y' },
    ]);
    expect(await pruneCrawlHosts(db, now)).toBe(1);
    const hosts = (await db.select({ host: crawlHosts.host }).from(crawlHosts)).map((row) => row.host);
    const slots = (await db.select({ host: crawlHostSlots.host }).from(crawlHostSlots)).map(
      (row) => row.host,
    );
    expect(slots).not.toContain('long-ago.example');
    expect(slots).toContain('just-now.example');
    expect(hosts).not.toContain('long-ago.example');
    expect(hosts).toEqual(expect.arrayContaining(['just-now.example', 'later.example']));

    const { institution } = await createTenant(server);
    const daysBefore = (days: number) => budgetDay(new Date(now.getTime() - days * 24 * hour));
    await db.insert(crawlBudget).values([
      { institutionId: institution.id, day: daysBefore(3), pages: 7 },
      { institutionId: institution.id, day: daysBefore(1), pages: 30 },
      { institutionId: institution.id, day: daysBefore(0), pages: 12 },
    ]);
    expect(await pruneCrawlBudget(db, now)).toBe(2);
    const days = await db.select({ day: crawlBudget.day, pages: crawlBudget.pages }).from(crawlBudget);
    expect(days).toEqual([{ day: budgetDay(now), pages: 12 }]);
    // Today's count is what the next crawl takes from.
    expect(await crawlBudgetRepo(db).used(institution.id, now)).toBe(12);
  });
});
