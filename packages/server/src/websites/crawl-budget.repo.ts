/**
 * The crawler's daily budgets (docs/architecture.md#websites): every request a crawl makes is taken
 * from its institution's count of the UTC day (WEBSITE_DAILY_PAGE_BUDGET), then from its host's,
 * every institution's together (WEBSITE_HOST_DAILY_PAGE_BUDGET). Each take is one conditional
 * upsert, so crawls on several processes share the counts exactly.
 */
import type { WebsiteFailureReason } from '@conversa/contract/website';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { crawlBudget, crawlHostBudget } from '../db/websites-schema';

const DAY_MS = 24 * 60 * 60_000;

/** The UTC day of `now`, YYYY-MM-DD. */
export const budgetDay = (now: Date): string => now.toISOString().slice(0, 10);

/** When the UTC day after `now`'s starts: a spent budget is whole again then. */
export const nextBudgetDay = (now: Date): Date =>
  new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS);

/**
 * Deletes the counts of days before `now`'s (the job runner's hourly sweep): an institution whose
 * site is never crawled again keeps no row. Resolves to how many went.
 */
export async function pruneCrawlBudget(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .delete(crawlBudget)
    .where(lt(crawlBudget.day, budgetDay(now)))
    .returning({ day: crawlBudget.day });
  const hosts = await db
    .delete(crawlHostBudget)
    .where(lt(crawlHostBudget.day, budgetDay(now)))
    .returning({ day: crawlHostBudget.day });
  return rows.length + hosts.length;
}

/** Why a crawl pauses until the next UTC day: its institution's budget, or its host's, is spent. */
export type PauseReason = Extract<WebsiteFailureReason, 'page_budget' | 'host_budget'>;

/** The day's requests each institution, and each host, may be sent. */
export interface CrawlBudgets {
  institution: number;
  host: number;
}

/** Takes one request from the institution's budget of `now`'s day; false when it is spent. */
async function takeForInstitution(
  db: DbOrTx,
  institutionId: number,
  now: Date,
  budget: number,
): Promise<boolean> {
  const day = budgetDay(now);
  const [row] = await db
    .insert(crawlBudget)
    .values({ institutionId, day, pages: 1 })
    .onConflictDoUpdate({
      target: [crawlBudget.institutionId, crawlBudget.day],
      set: { pages: sql`${crawlBudget.pages} + 1` },
      setWhere: lt(crawlBudget.pages, budget),
    })
    .returning({ pages: crawlBudget.pages });
  if (!row) return false;
  // The day's first request: the days before it are no longer needed.
  if (row.pages === 1) {
    await db
      .delete(crawlBudget)
      .where(and(eq(crawlBudget.institutionId, institutionId), lt(crawlBudget.day, day)));
  }
  return true;
}

/** The budget queries of one database. */
export function crawlBudgetRepo(db: DbOrTx) {
  return {
    /**
     * Takes one request to `host` from the institution's budget of `now`'s day, then from the
     * host's: null when both had room, else the reason the crawl pauses. (A request the host's
     * budget refuses still counts for the institution: one, as the crawl then pauses.) The host's
     * verified owner (`owner`) is counted in the host's day but never refused by it.
     */
    async take(
      institutionId: number,
      host: string,
      now: Date,
      budgets: CrawlBudgets,
      { owner = false }: { owner?: boolean } = {},
    ): Promise<PauseReason | null> {
      if (!(await takeForInstitution(db, institutionId, now, budgets.institution))) return 'page_budget';
      const [row] = await db
        .insert(crawlHostBudget)
        .values({ host, day: budgetDay(now), pages: 1 })
        .onConflictDoUpdate({
          target: [crawlHostBudget.host, crawlHostBudget.day],
          set: { pages: sql`${crawlHostBudget.pages} + 1` },
          setWhere: owner ? undefined : lt(crawlHostBudget.pages, budgets.host),
        })
        .returning({ pages: crawlHostBudget.pages });
      return row ? null : 'host_budget';
    },

    /** Requests the institution made on `now`'s day. */
    async used(institutionId: number, now: Date): Promise<number> {
      const [row] = await db
        .select({ pages: crawlBudget.pages })
        .from(crawlBudget)
        .where(and(eq(crawlBudget.institutionId, institutionId), eq(crawlBudget.day, budgetDay(now))))
        .limit(1);
      return row?.pages ?? 0;
    },
  };
}
