/**
 * A web page's main content and its links (docs/architecture.md#websites). The main content is
 * Mozilla's Readability (Firefox's Reader View) over a linkedom document: on pages made of a
 * school's real layout (navigation, sidebar, footer, cookie banner) it kept every word of the
 * article and 2% of the boilerplate, as jsdom under it did, ten times faster (bench/RESULTS.md,
 * "Website crawler"). Links are read from the whole page before Readability trims it. The crawler
 * runs this in its HTML thread (html-thread.ts), never on the event loop: a 5 MB page of nested
 * blocks takes minutes here.
 */
import { WEBSITE_OWNER_META } from '@conversa/contract/constants';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

export interface PageContent {
  title: string | null;
  /** The main text, a paragraph a line. */
  text: string;
  /** Absolute http(s) links, without fragments, in page order, each once. */
  links: string[];
  /** `<meta name="robots">` says noindex / nofollow. */
  noindex: boolean;
  nofollow: boolean;
  /** The contents of its owner tags (`<meta name="conversa-site-verification">`), a few at most. */
  ownerTokens: string[];
}

/** Owner tags read from one page at most (a page may carry one per institution that uses it). */
const MAX_OWNER_TAGS = 20;

/**
 * Pages of more elements than this are not given to Readability, whose time grows faster than the
 * page (on linkedom, 90,000 small blocks take minutes; 15,000 elements about a second): their
 * main text is the body without navigation, header, footer and sidebars, read in one pass.
 */
export const READABILITY_MAX_ELEMENTS = 15_000;

const BLOCK_END = /<\/(p|div|h[1-6]|li|tr|pre|blockquote|section|article|dd|dt|table|ul|ol)>|<br\s*\/?>/gi;
// Consent banners are boilerplate Readability may take for content on a short page.
const BANNERS = '[id*="cookie" i], [class*="cookie" i], [id*="consent" i], [class*="consent" i]';

/** Text of an HTML fragment, a block a line, spaces collapsed. */
function blockText(html: string): string {
  const { document } = parseHTML(
    `<!doctype html><html><body>${html.replace(BLOCK_END, '$&\n')}</body></html>`,
  );
  const text: string = document.body.textContent ?? '';
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** Reads a page's title, main text and links; `url` is the address it was fetched from. */
export function readHtml(html: string, url: string): PageContent {
  const { document } = parseHTML(html);
  const robots = (
    document.querySelector('meta[name="robots" i]')?.getAttribute('content') ?? ''
  ).toLowerCase();
  const nofollow = /\b(nofollow|none)\b/.test(robots);
  const noindex = /\b(noindex|none)\b/.test(robots);
  const ownerTokens = [...document.querySelectorAll(`meta[name="${WEBSITE_OWNER_META}" i]`)]
    .slice(0, MAX_OWNER_TAGS)
    .map((meta) => (meta.getAttribute('content') ?? '').trim())
    .filter(Boolean);

  const baseHref = document.querySelector('base[href]')?.getAttribute('href');
  let base: URL;
  try {
    base = new URL(baseHref ?? url, url);
  } catch {
    base = new URL(url);
  }
  const links: string[] = [];
  const seen = new Set<string>();
  if (!nofollow) {
    for (const anchor of document.querySelectorAll('a[href]')) {
      if (/\bnofollow\b/i.test(anchor.getAttribute('rel') ?? '')) continue;
      try {
        const link = new URL(anchor.getAttribute('href')!, base);
        if (link.protocol !== 'http:' && link.protocol !== 'https:') continue;
        link.hash = '';
        if (!seen.has(link.href)) {
          seen.add(link.href);
          links.push(link.href);
        }
      } catch {
        // Not an address: nothing to follow.
      }
    }
  }

  const pageTitle = document.querySelector('title')?.textContent?.replace(/\s+/g, ' ').trim() || null;
  for (const banner of document.querySelectorAll(BANNERS)) banner.remove();
  // Readability's own guard (`maxElemsToParse`) counts nothing over linkedom: counted here.
  const article =
    document.querySelectorAll('*').length <= READABILITY_MAX_ELEMENTS
      ? new Readability(document as unknown as ConstructorParameters<typeof Readability>[0]).parse()
      : null;
  let text = article?.content ? blockText(article.content) : '';
  if (!text) {
    // Too little for Readability, or too much: the body without its navigation, header, footer
    // and sidebars.
    for (const element of document.querySelectorAll('nav, header, footer, aside, script, style, noscript'))
      element.remove();
    text = blockText(document.body?.innerHTML ?? '');
  }
  const title = pageTitle ?? (article?.title?.trim() || null);
  return { title, text, links, noindex, nofollow, ownerTokens };
}
