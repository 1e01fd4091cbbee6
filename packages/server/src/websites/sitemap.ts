/**
 * Sitemaps (sitemaps.org): a `urlset` lists pages, a `sitemapindex` lists more sitemaps. Parsed
 * with fast-xml-parser, entities off (no expansion attacks), at most SITEMAP_URLS addresses read.
 */
import { XMLParser } from 'fast-xml-parser';

/** Addresses read from one sitemap at most. */
export const SITEMAP_URLS = 50_000;

const parser = new XMLParser({
  ignoreAttributes: true,
  processEntities: false,
  removeNSPrefix: true,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

export interface Sitemap {
  pages: string[];
  sitemaps: string[];
}

const locs = (entries: unknown): string[] =>
  (Array.isArray(entries) ? entries : [])
    .map((entry) => (entry as { loc?: unknown }).loc)
    .filter((loc): loc is string => typeof loc === 'string')
    .map((loc) => loc.trim())
    .slice(0, SITEMAP_URLS);

/** The pages and sitemaps a sitemap lists; null when the text is not a sitemap. */
export function readSitemap(xml: string): Sitemap | null {
  let parsed: Record<string, unknown>;
  try {
    parsed = parser.parse(xml) as Record<string, unknown>;
  } catch {
    return null;
  }
  const urlset = parsed.urlset as { url?: unknown } | undefined;
  const index = parsed.sitemapindex as { sitemap?: unknown } | undefined;
  if (urlset === undefined && index === undefined) return null;
  return { pages: locs(urlset?.url), sitemaps: locs(index?.sitemap) };
}
