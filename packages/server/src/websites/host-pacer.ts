/**
 * Politeness per host across processes (docs/architecture.md#websites): with a Crawl-delay, each
 * request first takes the host's next slot from the database (`crawl_hosts`: one upsert moves its
 * "next request not before" on by the delay and answers the slot taken) and waits for it, so every
 * process crawling the host keeps to the delay together, one request that long apart. Without a
 * Crawl-delay, the crawler's Agent keeps two connections per origin at most in each process
 * (`crawler-fetch.ts`), and one site's batches never run at once.
 */
import { sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { DbOrTx } from '../db/database';
import { crawlHosts } from '../db/websites-schema';

/** The pacer of one process, over the database all processes share. */
export function hostPacer(db: DbOrTx, clock: Clock) {
  /** Takes the host's next slot: when this request may start. */
  async function reserve(host: string, delayMs: number): Promise<Date> {
    const now = clock.now();
    const [row] = await db
      .insert(crawlHosts)
      .values({ host, nextAt: new Date(now.getTime() + delayMs) })
      .onConflictDoUpdate({
        target: crawlHosts.host,
        set: {
          nextAt: sql`greatest(${crawlHosts.nextAt}, ${now.toISOString()}::timestamptz) + (${delayMs}::integer * interval '1 millisecond')`,
        },
      })
      .returning({ nextAt: crawlHosts.nextAt });
    return new Date(row!.nextAt.getTime() - delayMs);
  }

  return {
    /** Runs `work` for `host` in its slot: `delayMs` after the host's last request, in any process. */
    async run<T>(host: string, delayMs: number, work: () => Promise<T>): Promise<T> {
      if (delayMs <= 0) return work();
      const wait = (await reserve(host, delayMs)).getTime() - clock.now().getTime();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      return work();
    },
  };
}
export type HostPacer = ReturnType<typeof hostPacer>;
