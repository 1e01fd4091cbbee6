/**
 * Politeness per host across processes (docs/architecture.md#websites): with a Crawl-delay, a
 * request first takes the host in the database (`crawl_hosts`: one conditional upsert moves its
 * "next request not before" to now + the delay, only once that time has come) and otherwise waits
 * until then and tries again, so every process crawling the host keeps to the delay together (less
 * one database statement's time); a process's own requests to a host also queue in the process, as
 * exactly that long apart as before. Without a
 * Crawl-delay, the crawler's Agent keeps two connections per origin at most in each process
 * (`crawler-fetch.ts`), and one site's batches never run at once.
 */
import { eq, lt, lte, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { DbOrTx } from '../db/database';
import { crawlHosts } from '../db/websites-schema';

/** The pacer of one process, over the database all processes share. */
export function hostPacer(db: DbOrTx, clock: Clock) {
  /**
   * Takes the host when its last request is the delay behind (its "not before" moved on from now,
   * in one conditional upsert): 0 then, else how long to wait before trying again.
   */
  async function take(host: string, delayMs: number): Promise<number> {
    const now = clock.now();
    const next = new Date(now.getTime() + delayMs);
    const [taken] = await db
      .insert(crawlHosts)
      .values({ host, nextAt: next })
      .onConflictDoUpdate({
        target: crawlHosts.host,
        set: { nextAt: next },
        setWhere: lte(crawlHosts.nextAt, now),
      })
      .returning({ nextAt: crawlHosts.nextAt });
    if (taken) return 0;
    const [held] = await db
      .select({ nextAt: crawlHosts.nextAt })
      .from(crawlHosts)
      .where(eq(crawlHosts.host, host));
    return Math.max(1, (held?.nextAt.getTime() ?? 0) - clock.now().getTime());
  }

  // This process's own requests per host, one after another: exact between them, whatever a
  // database statement costs.
  const hosts = new Map<string, { last: number; chain: Promise<unknown> }>();

  /** One request to the host: in its slot in this process, then in the database's. */
  async function turn<T>(host: string, delayMs: number, last: { last: number }, work: () => Promise<T>) {
    const local = last.last + delayMs - Date.now();
    if (local > 0) await new Promise((resolve) => setTimeout(resolve, local));
    for (;;) {
      const wait = await take(host, delayMs);
      if (wait === 0) break;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    // Other processes count the delay from the take, which may have been slow to answer: from
    // when the request starts, less one statement's time (this note's), on PostgreSQL a millisecond.
    const noted = db
      .update(crawlHosts)
      .set({
        nextAt: sql`greatest(${crawlHosts.nextAt}, ${new Date(clock.now().getTime() + delayMs).toISOString()}::timestamptz)`,
      })
      .where(eq(crawlHosts.host, host))
      // A query runs when it is awaited: started now, beside the request.
      .then(() => undefined);
    last.last = Date.now();
    try {
      return await work();
    } finally {
      await noted;
    }
  }

  return {
    /** Runs `work` for `host` once the delay since the host's last request, in any process, has passed. */
    run<T>(host: string, delayMs: number, work: () => Promise<T>): Promise<T> {
      if (delayMs <= 0) return work();
      const entry = hosts.get(host) ?? { last: 0, chain: Promise.resolve() };
      hosts.set(host, entry);
      const next = entry.chain.then(() => turn(host, delayMs, entry, work));
      entry.chain = next.catch(() => undefined);
      return next;
    },
  };
}
export type HostPacer = ReturnType<typeof hostPacer>;

/**
 * Deletes the hosts whose "next request not before" passed over an hour ago (the job runner's
 * hourly sweep): such a row holds nothing back, and the next request to the host writes it again.
 * Resolves to how many went.
 */
export async function pruneCrawlHosts(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .delete(crawlHosts)
    .where(lt(crawlHosts.nextAt, new Date(now.getTime() - 60 * 60_000)))
    .returning({ host: crawlHosts.host });
  return rows.length;
}
