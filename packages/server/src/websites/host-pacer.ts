/**
 * Politeness per host across processes (docs/architecture.md#websites).
 *
 * At most WEBSITE_HOST_REQUESTS_AT_ONCE requests to a host are in flight at once, every process's
 * together: a request holds one of the host's slots (`crawl_host_slots`: one conditional upsert per
 * slot takes it when free or when its hold ran out) until it ends; when every slot is held it looks
 * again shortly. A process's own requests to a host first wait their turn in the process (a
 * semaphore of as many), so only requests of other processes are looked for in the database. A hold
 * lasts SLOT_HOLD_MS at most, past a request's whole time limit: a process that stopped while
 * holding one frees it then.
 *
 * With a Crawl-delay, a request also first takes the host in the database (`crawl_hosts`: one
 * conditional upsert moves its "next request not before" to now + the delay, only once that time
 * has come) and otherwise waits until then and tries again, so every process crawling the host
 * keeps to the delay together (less one database statement's time); a process's own requests to a
 * host also queue in the process, as exactly that long apart.
 */
import { randomUUID } from 'node:crypto';
import { WEBSITE_HOST_REQUESTS_AT_ONCE, WEBSITE_PAGE_TIMEOUT_MS } from '@conversa/contract/constants';
import { Semaphore } from 'async-mutex';
import { and, eq, lt, lte, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { DbOrTx } from '../db/database';
import { crawlHostSlots, crawlHosts } from '../db/websites-schema';

/** The longest a slot stays held: past a request's whole time limit (its holder frees it sooner). */
const SLOT_HOLD_MS = 2 * WEBSITE_PAGE_TIMEOUT_MS;
/** How soon a request that found every slot of its host held looks again. */
const SLOT_RETRY_MS = 100;

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
  // database statement costs. A host is forgotten once nothing waits for it and its delay has
  // passed (the database keeps the delay between processes, and so with this one then).
  const hosts = new Map<string, { last: number; chain: Promise<unknown>; waiting: number }>();

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

  /** Takes a free slot of the host (or one whose hold ran out): its hold, or null when all are held. */
  async function takeSlot(host: string): Promise<{ slot: number; holder: string } | null> {
    const now = clock.now();
    const heldUntil = new Date(now.getTime() + SLOT_HOLD_MS);
    const holder = randomUUID();
    for (let slot = 0; slot < WEBSITE_HOST_REQUESTS_AT_ONCE; slot += 1) {
      const [taken] = await db
        .insert(crawlHostSlots)
        .values({ host, slot, heldUntil, holder })
        .onConflictDoUpdate({
          target: [crawlHostSlots.host, crawlHostSlots.slot],
          set: { heldUntil, holder },
          setWhere: lte(crawlHostSlots.heldUntil, now),
        })
        .returning({ slot: crawlHostSlots.slot });
      if (taken) return { slot, holder };
    }
    return null;
  }

  // This process's requests in flight per host (deleted when none are).
  const inFlight = new Map<string, Semaphore>();

  /** Runs `work` holding one of the host's slots, every process's together. */
  async function inSlot<T>(host: string, work: () => Promise<T>): Promise<T> {
    const local = inFlight.get(host) ?? new Semaphore(WEBSITE_HOST_REQUESTS_AT_ONCE);
    inFlight.set(host, local);
    try {
      return await local.runExclusive(async () => {
        let hold = await takeSlot(host);
        while (!hold) {
          await new Promise((resolve) => setTimeout(resolve, SLOT_RETRY_MS));
          hold = await takeSlot(host);
        }
        try {
          return await work();
        } finally {
          // Freed only if still this request's (a hold that ran out may be another's now).
          await db
            .update(crawlHostSlots)
            .set({ heldUntil: clock.now() })
            .where(
              and(
                eq(crawlHostSlots.host, host),
                eq(crawlHostSlots.slot, hold.slot),
                eq(crawlHostSlots.holder, hold.holder),
              ),
            );
        }
      });
    } finally {
      if (!local.isLocked() && local.getValue() === WEBSITE_HOST_REQUESTS_AT_ONCE) inFlight.delete(host);
    }
  }

  return {
    /**
     * Runs `work` for `host` in one of its slots, once the delay since the host's last request (its
     * Crawl-delay, if any), in any process, has passed.
     */
    run<T>(host: string, delayMs: number, work: () => Promise<T>): Promise<T> {
      if (delayMs <= 0) return inSlot(host, work);
      const entry = hosts.get(host) ?? { last: 0, chain: Promise.resolve(), waiting: 0 };
      hosts.set(host, entry);
      entry.waiting += 1;
      const next = entry.chain.then(() => turn(host, delayMs, entry, () => inSlot(host, work)));
      entry.chain = next
        .catch(() => undefined)
        .finally(() => {
          entry.waiting -= 1;
          if (entry.waiting > 0) return;
          setTimeout(() => {
            if (entry.waiting === 0 && hosts.get(host) === entry) hosts.delete(host);
          }, delayMs).unref();
        });
      return next;
    },

    /** How many hosts this process keeps anything for (none once its requests are done and their delays passed). */
    get hostsKept(): number {
      return new Set([...hosts.keys(), ...inFlight.keys()]).size;
    },
  };
}
export type HostPacer = ReturnType<typeof hostPacer>;

/**
 * Deletes the hosts whose "next request not before" passed over an hour ago, and the slots free for
 * as long (the job runner's hourly sweep): such a row holds nothing back, and the next request to
 * the host writes it again. Resolves to how many hosts' delays went.
 */
export async function pruneCrawlHosts(db: DbOrTx, now: Date): Promise<number> {
  const hourAgo = new Date(now.getTime() - 60 * 60_000);
  const rows = await db
    .delete(crawlHosts)
    .where(lt(crawlHosts.nextAt, hourAgo))
    .returning({ host: crawlHosts.host });
  // Slots free for over an hour too: the next request to the host writes them again.
  await db.delete(crawlHostSlots).where(lt(crawlHostSlots.heldUntil, hourAgo));
  return rows.length;
}
