// The website crawler (docs/architecture.md#websites, issue 34): a 500-page local site (a home page,
// 20 sections, 479 pages of a few paragraphs each, every page different) crawled and indexed by the
// server's own crawl jobs through the job runner, on the embedded PGlite: pages per second, the
// most requests the site answered at once (politeness: at most 2), and the process's memory as the
// crawl went (its heap at a quarter of the pages and at the end: flat). Then a re-sync of the
// unchanged site: requests made (one per page, answered 304), time, pages indexed again (none).
// Run with `node --import tsx bench/crawl-bench.ts` (npm run bench does).
import { WEBSITE_HOST_REQUESTS_AT_ONCE } from '../packages/contract/src/constants';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { systemClock } from '../packages/server/src/clock';
import { openDatabase } from '../packages/server/src/db/database';
import { createEventBus } from '../packages/server/src/events/event-bus';
import { enqueue } from '../packages/server/src/jobs/queue';
import { JobRunner } from '../packages/server/src/jobs/runner';
import { createLogger } from '../packages/server/src/logging/logger';
import { startLocalSite } from '../packages/server/src/testing/local-site';
import type { CrawlCounters } from '../packages/server/src/websites/crawl.service';
import { crawlWebsiteJob } from '../packages/server/src/websites/crawl.job';
import { createCrawlerFetch } from '../packages/server/src/websites/crawler-fetch';
import { CRAWL_WEBSITE, websitesRepo } from '../packages/server/src/websites/websites.repo';
import { benchAssistant } from './lib/seed';
import { machine, writeSection } from './lib/results.mjs';

const SECTIONS = 20;
const PAGES = 500;
const BUDGET = { pagesPerSecond: 5, maxInFlight: WEBSITE_HOST_REQUESTS_AT_ONCE, heapGrowthMb: 64 };

// Every page's text: paragraphs of the QA set's articles (CC BY-SA), a different run for each page.
const articles = (
  JSON.parse(
    readFileSync(new URL('../../shared/fixtures/qa/xquad-dev.en.json', import.meta.url), 'utf8'),
  ) as { data: { paragraphs: { context: string }[] }[] }
).data.flatMap((article) => article.paragraphs.map((paragraph) => paragraph.context));
const textOf = (index: number) =>
  [0, 1, 2].map((k) => articles[(index * 3 + k) % articles.length]).join('\n\n') +
  `\n\nPage number ${index}.`;

const site = await startLocalSite();
site.set('/robots.txt', { type: 'text/plain', body: 'User-agent: *\nAllow: /\n' });
const leaves = PAGES - 1 - SECTIONS;
const perSection = Math.ceil(leaves / SECTIONS);
const sectionLinks = Array.from({ length: SECTIONS }, (_, s) => `/section/${s}`);
site.set('/', site.html('Bench School', textOf(0), sectionLinks));
let page = 0;
for (let s = 0; s < SECTIONS; s += 1) {
  const links: string[] = [];
  for (let k = 0; k < perSection && page < leaves; k += 1, page += 1) {
    const path = `/section/${s}/page/${page}`;
    links.push(path);
    site.set(path, site.html(`Page ${page}`, textOf(page + SECTIONS + 1), ['/', `/section/${s}`]));
  }
  site.set(`/section/${s}`, site.html(`Section ${s}`, textOf(s + 1), links));
}

const logger = createLogger('silent');
const database = await openDatabase({ kind: 'pglite' });
const db = database.db;
const events = await createEventBus({ logger, pglite: database.pglite });
const counters: CrawlCounters = { requests: 0, indexed: 0, unchanged: 0 };
const fetcher = createCrawlerFetch({ allowPrivate: true, userAgent: 'ConversaBot/1.0 (+bench)' });
const runner = new JobRunner({
  db,
  clock: systemClock,
  logger,
  events,
  concurrency: 1,
  pollMs: 50,
  handlers: {
    [CRAWL_WEBSITE]: crawlWebsiteJob({ db, events, clock: systemClock, logger, fetcher, counters }),
  },
});
const scope = await benchAssistant(db);
const repo = websitesRepo(db);
const created = await repo.create(
  scope.institutionId,
  scope.assistantId,
  { url: site.url('/'), maxPages: 1_000, include: [], exclude: [], schedule: 'never' },
  systemClock.now(),
  10,
);
if (!created.ok) throw new Error('bench: the site was not added');
const siteId = created.row.id;

/** Runs one crawl (its first job queued) to its end; the heap sampled as pages are indexed. */
async function crawl(generation: number) {
  const heap: { pages: number; mb: number }[] = [];
  const before = { ...counters };
  const started = performance.now();
  await enqueue(
    db,
    CRAWL_WEBSITE,
    { ...scope, websiteId: siteId, generation, start: true },
    systemClock.now(),
    {
      institutionId: scope.institutionId,
    },
  );
  runner.wake();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    heap.push({ pages: counters.requests - before.requests, mb: process.memoryUsage().heapUsed / 2 ** 20 });
    const row = await repo.findForJob(scope.institutionId, siteId);
    if (row && row.state !== 'crawling') break;
  }
  const seconds = (performance.now() - started) / 1000;
  const [counts] = await repo.withCounts([(await repo.findForJob(scope.institutionId, siteId))!]);
  return {
    seconds,
    pagesReady: counts!.pages_ready,
    requests: counters.requests - before.requests,
    indexed: counters.indexed - before.indexed,
    unchanged: counters.unchanged - before.unchanged,
    heap,
  };
}

runner.start();
const requestsBefore = site.requests.length;
const first = await crawl(1);
const firstSiteRequests = site.requests.length - requestsBefore;
const quarter = first.heap.find((sample) => sample.pages >= PAGES / 4) ?? first.heap[0]!;
const last = first.heap.at(-1)!;
const heapGrowth = last.mb - quarter.mb;

const restarted = await repo.startCrawl(scope.institutionId, siteId, systemClock.now());
if (!restarted) throw new Error('bench: the re-sync did not start');
const resyncFrom = site.requests.length;
const second = await crawl(restarted.generation);
const resyncRequests = site.requests.slice(resyncFrom);
const answered304 = resyncRequests.filter((request) => request.status === 304).length;
await runner.stop();
await fetcher.close();
await site.close();
await database.close();

const pagesPerSecond = first.pagesReady / first.seconds;
const checks = {
  speed: pagesPerSecond >= BUDGET.pagesPerSecond,
  politeness: site.maxInFlight() <= BUDGET.maxInFlight,
  memory: heapGrowth <= BUDGET.heapGrowthMb,
  all: first.pagesReady === PAGES,
  resync: second.indexed === 0 && resyncRequests.length <= PAGES + 3,
};
const ok = Object.values(checks).every(Boolean);
const r = (value: number, digits = 1) => Number(value.toFixed(digits));

console.log(
  `first crawl: ${first.pagesReady} pages ready in ${r(first.seconds)} s (${r(pagesPerSecond)} pages/s), ${firstSiteRequests} requests`,
);
console.log(
  `most requests at once: ${site.maxInFlight()}; heap ${r(quarter.mb)} MB at ${quarter.pages} pages, ${r(last.mb)} MB at the end`,
);
console.log(
  `re-sync: ${resyncRequests.length} requests (${answered304} answered 304) in ${r(second.seconds)} s, ${second.indexed} pages indexed again`,
);
console.log(ok ? 'within budget' : `OVER BUDGET: ${JSON.stringify(checks)}`);

writeSection(
  'crawl',
  `## Website crawler (bench/crawl-bench.ts)

${new Date().toISOString().slice(0, 10)}, ${machine()}. A local site of ${PAGES} pages (a home page, ${SECTIONS} sections,
${leaves} pages of three paragraphs of the QA set's articles, every page different) crawled by the server's
own \`crawl_website\` jobs through the job runner (one job at a time), on the embedded PGlite, the site in the
same process. Budgets (issue 34): at least ${BUDGET.pagesPerSecond} pages/s indexed, at most ${BUDGET.maxInFlight} requests
at once, the heap growing at most ${BUDGET.heapGrowthMb} MB from a quarter of the pages to the end; the re-sync
of the unchanged site makes one request per page and indexes nothing. Each request holds one of its
host's slots in the database (\`crawl_host_slots\`: at most ${BUDGET.maxInFlight} in flight to a host, every process's
together) and is counted against the day's budgets there; pages are read in the crawler's HTML thread.

| crawl | pages ready | time s | pages/s | requests | answered 304 | indexed | most at once | heap at 1/4 → end MB | budget |
|---|---:|---:|---:|---:|---:|---:|---:|---|---|
| first | ${first.pagesReady} | ${r(first.seconds)} | ${r(pagesPerSecond)} | ${firstSiteRequests} | 0 | ${first.indexed} | ${site.maxInFlight()} | ${r(quarter.mb)} → ${r(last.mb)} | ${checks.speed && checks.politeness && checks.memory && checks.all ? 'within budget' : 'OVER'} |
| re-sync, unchanged | ${second.pagesReady} | ${r(second.seconds)} | ${r(PAGES / second.seconds)} | ${resyncRequests.length} | ${answered304} | ${second.indexed} | | | ${checks.resync ? 'within budget' : 'OVER'} |

Main-content extraction, measured when the library was chosen (24 pages made of the QA set's articles in a
school site's layout: navigation, sidebar of news, footer, cookie banner): words of the article kept, words of the
boilerplate kept, time per page (4.8 KB pages).

| extraction | article kept | boilerplate kept | ms/page |
|---|---:|---:|---:|
| the body's text (linkedom) | 100% | 77.8% | 3.9 |
| \`@mozilla/readability\` over \`linkedom\` (chosen) | 100% | 1.9% | 10.7 |
| \`@mozilla/readability\` over \`jsdom\` | 100% | 1.9% | 109.3 |`,
);
process.exitCode = ok ? 0 : 1;
