/**
 * What the console says about a website and its pages (docs/product.md#states): their states, why a
 * page (or a site) was not read, in words that say what to do about it, and how often a site is
 * read again.
 */
import type {
  Website,
  WebsiteFailureReason,
  WebsitePageState,
  WebsiteSchedule,
  WebsiteState,
} from '@conversa/contract/website';
import {
  WEBSITE_DAILY_PAGE_BUDGET,
  WEBSITE_HOST_DAILY_PAGE_BUDGET,
  WEBSITE_PAGE_MAX_BYTES,
  WEBSITE_PAGE_TIMEOUT_MS,
} from '@conversa/contract/constants';
import { formatDateTime } from '@conversa/contract/date-format';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

/** A site's state, as its badge says it. */
export const websiteStateLabels = {
  crawling: msg`Crawling`,
  paused: msg`Paused`,
  ready: msg`Ready`,
  failed: msg`Failed`,
} satisfies Record<WebsiteState, MessageDescriptor>;

/** A page's state, as its badge says it. */
export const pageStateLabels = {
  processing: msg`Reading`,
  ready: msg`Ready`,
  failed: msg`Failed`,
  skipped: msg`Skipped`,
} satisfies Record<WebsitePageState, MessageDescriptor>;

const maxMb = WEBSITE_PAGE_MAX_BYTES / 1024 / 1024;
const seconds = WEBSITE_PAGE_TIMEOUT_MS / 1000;
// Replaced by the number in the reader's locale when said (`useWebsiteTexts().reason`).
const dailyPages = WEBSITE_DAILY_PAGE_BUDGET;
const hostPages = WEBSITE_HOST_DAILY_PAGE_BUDGET;

/** Why a page (or a site) was not read, and what to do about it. */
export const websiteReasonTexts = {
  blocked_by_robots: msg`The site's robots.txt does not allow ConversaBot to read this page. Allow it there if the assistant should learn from it.`,
  not_found: msg`The site answers that this page does not exist (404). If it moved, add its new address.`,
  not_html: msg`This is not a web page, a PDF or a DOCX document, so there is nothing to read in it.`,
  too_large: msg`The page is larger than ${maxMb} MB. Split it into smaller pages or documents.`,
  timed_out: msg`The page took longer than ${seconds} seconds to arrive. Try again later, or ask whoever runs the site to speed it up.`,
  redirected_off_site: msg`The page sends readers to another site. Add that site if the assistant should learn from it.`,
  no_text: msg`The page has no text to learn from (only images, or a page that needs JavaScript).`,
  unreachable: msg`The site did not answer, or answered with an error. It is tried again at the next sync.`,
  url_not_allowed: msg`The address leads to a private network the server may not visit. Use the site's public address.`,
  duplicate: msg`The page has the same text as another page of the site: the assistant learns it once, from that page.`,
  no_pages: msg`Not one page of the site could be read. Check the address, and the pages' reasons below.`,
  page_budget: msg`Your institution's websites have used today's ${dailyPages} page reads, so reading stopped where it was. Nothing learnt is lost.`,
  host_budget: msg`This site's server has had today's ${hostPages} page reads from all the institutions that use it here, so reading stopped where it was. Nothing learnt is lost. If the site is yours, prove it under its Pages (Site ownership) and reading goes on.`,
  too_complex: msg`Reading the page took too long or too much memory: it is built in a way the reader cannot take apart. What it taught before is kept.`,
} satisfies Record<WebsiteFailureReason, MessageDescriptor>;

/** How often a site is read again, as the schedule picker offers it. */
export const scheduleLabels = {
  never: msg`Only when I sync it`,
  daily: msg`Every day`,
  weekly: msg`Every week`,
  monthly: msg`Every month`,
} satisfies Record<WebsiteSchedule, MessageDescriptor>;

/** A site's counts (`12 pages ready, 2 failed`) and its state as a sentence for announcements. */
export function useWebsiteTexts() {
  const { t, i18n } = useLingui();
  const counts = (site: Pick<Website, 'pages_ready' | 'pages_failed'>) => {
    const ready = t({ message: plural(site.pages_ready, { one: '# page ready', other: '# pages ready' }) });
    if (site.pages_failed === 0) return ready;
    const failed = site.pages_failed;
    return t({ message: plural(failed, { one: `${ready}, # failed`, other: `${ready}, # failed` }) });
  };
  /** Why a site is paused or failed, and (paused) when it goes on by itself; null otherwise. */
  const reason = (site: Website) => {
    if (site.state === 'paused' && site.reason) {
      const text = websiteReasonTexts[site.reason];
      const localised: MessageDescriptor = {
        ...text,
        values: {
          ...text.values,
          dailyPages: i18n.number(WEBSITE_DAILY_PAGE_BUDGET),
          hostPages: i18n.number(WEBSITE_HOST_DAILY_PAGE_BUDGET),
        },
      };
      const why = i18n._(localised);
      return site.next_sync_at
        ? `${why} ${t`It resumes by itself on ${formatDateTime(site.next_sync_at)}.`}`
        : why;
    }
    return site.state === 'failed' && site.reason ? i18n._(websiteReasonTexts[site.reason]) : null;
  };
  const status = (site: Website) => {
    const text = `${site.url}: ${i18n._(websiteStateLabels[site.state])}. ${counts(site)}.`;
    const why = reason(site);
    return why ? `${text} ${why}` : text;
  };
  return { counts, reason, status };
}
