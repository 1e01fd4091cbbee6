/**
 * The `crawl_website` job: one step of a site's crawl (`crawl.service.ts`), which queues the next.
 * Idempotent, as the queue requires: a step run again visits only the pages its first run left.
 */
import type { JobHandler } from '../jobs/runner';
import { type CrawlDeps, createCrawler } from './crawl.service';
import type { CrawlPayload } from './websites.service';

function target(payload: Record<string, unknown>): CrawlPayload {
  const institutionId = Number(payload.institutionId);
  const websiteId = Number(payload.websiteId);
  const generation = Number(payload.generation);
  if (![institutionId, websiteId, generation].every(Number.isInteger)) {
    throw new Error(`crawl_website: bad payload ${JSON.stringify(payload)}`);
  }
  return {
    institutionId,
    websiteId,
    generation,
    start: payload.start === true,
    scheduled: payload.scheduled === true,
  };
}

/** The handler of `crawl_website` jobs. */
export function crawlWebsiteJob(deps: CrawlDeps): JobHandler {
  const crawler = createCrawler(deps);
  return {
    run: (payload, { signal }) => crawler.run(target(payload), signal),
    giveUp: (payload) => crawler.giveUp(target(payload)),
  };
}
