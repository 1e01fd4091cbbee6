/**
 * A Crawl-delay kept across processes (host-pacer.ts): two pacers on one database, as two server
 * processes have, asking one host at once start their requests one delay apart, not each its own.
 * The runner's hourly sweep forgets what no longer holds anything back: delays long passed, and
 * the daily budgets' counts of days gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlBudget, crawlHosts } from '../db/websites-schema';
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
    expect(await pruneCrawlHosts(db, now)).toBe(1);
    const hosts = (await db.select({ host: crawlHosts.host }).from(crawlHosts)).map((row) => row.host);
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
