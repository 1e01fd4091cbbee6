/**
 * A Crawl-delay kept across processes (host-pacer.ts): two pacers on one database, as two server
 * processes have, asking one host at once start their requests one delay apart, not each its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing';
import { hostPacer } from './host-pacer';

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
