/** What other features use of `websites/` (docs/architecture.md: features reach each other through their folder's index). */
// The root floor: routes and jobs.
export { websitesRoutes } from './websites.routes';
export { botPageRoutes } from './bot-page.routes';
export { CRAWL_WEBSITE } from './websites.repo';
export { crawlWebsiteJob, websiteJobs } from './crawl.job';
export { createCrawlerFetch, crawlerUserAgent } from './crawler-fetch';
export { stopHtmlThread } from './html-thread';
export { pruneCrawlHosts } from './host-pacer';
export { pruneCrawlBudget } from './crawl-budget.repo';
