/**
 * The crawler's one way to the network (docs/architecture.md#websites): every request goes through
 * an undici Agent whose sockets resolve with the SSRF guard (`url-guard.ts`), at most two
 * connections per origin, as `ConversaBot`, with the per-page limits (WEBSITE_PAGE_TIMEOUT_MS for
 * the whole answer, WEBSITE_PAGE_MAX_BYTES for its body, also once a `Content-Encoding: gzip` is
 * inflated). Redirects are followed here, hop by hop,
 * each hop checked again, and only within the site.
 */
import {
  WEBSITE_HOST_REQUESTS_AT_ONCE,
  WEBSITE_PAGE_MAX_BYTES,
  WEBSITE_PAGE_TIMEOUT_MS,
} from '@conversa/contract/constants';
import type { WebsiteFailureReason } from '@conversa/contract/website';
import { Agent, request } from 'undici';
import { inflateBounded } from './inflate';
import { checkHop, type GuardOptions, guardedLookup, isUrlNotAllowed } from './url-guard';

/** Redirects followed for one page at most. */
export const MAX_REDIRECTS = 5;

/** The crawler's name in robots.txt. */
export const CRAWLER_NAME = 'ConversaBot';

/** The page that says what the crawler is (`bot-page.routes.ts`). */
export const BOT_PAGE_PATH = '/bot';

/** The User-Agent header: the name, and where a site's owner reads what the crawler is. */
export const crawlerUserAgent = (publicUrl: string) =>
  `${CRAWLER_NAME}/1.0 (+${publicUrl.replace(/\/$/, '')}${BOT_PAGE_PATH})`;

export interface FetchedPage {
  ok: true;
  /** 200, or 304 when the conditional request found it unchanged. */
  status: 200 | 304;
  /** The address answered, after redirects within the site. */
  url: string;
  contentType: string;
  bytes: Uint8Array;
  etag: string | null;
  lastModified: string | null;
}
export interface FailedPage {
  ok: false;
  reason: WebsiteFailureReason;
  status?: number;
}
export type FetchOutcome = FetchedPage | FailedPage;

/** Whether a fetched page's type is a web page's (else a document, or nothing to read). */
export const isHtml = (contentType: string) => /\b(text\/html|application\/xhtml\+xml)\b/.test(contentType);

export interface FetchRequest {
  /** Kept from the last visit: a conditional request. */
  etag?: string | null;
  lastModified?: string | null;
  /** Whether a redirect's target is still the site (else `redirected_off_site`). */
  within: (url: URL) => boolean;
  accept?: string;
}

export interface CrawlerFetchOptions extends GuardOptions {
  userAgent: string;
  timeoutMs?: number;
  maxBytes?: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Reads at most `max` bytes of a body; null when it holds more. */
async function readBounded(body: AsyncIterable<Uint8Array>, max: number): Promise<Uint8Array | null> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const part of body) {
    size += part.length;
    if (size > max) return null;
    parts.push(part);
  }
  return Buffer.concat(parts);
}

/** The crawler's HTTP client (one per process: its Agent keeps the connections). */
export function createCrawlerFetch(options: CrawlerFetchOptions) {
  const timeoutMs = options.timeoutMs ?? WEBSITE_PAGE_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? WEBSITE_PAGE_MAX_BYTES;
  const agent = new Agent({
    connect: { lookup: guardedLookup(options) as never, timeout: timeoutMs },
    connections: WEBSITE_HOST_REQUESTS_AT_ONCE,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });

  async function fetchPage(raw: string, wanted: FetchRequest): Promise<FetchOutcome> {
    const signal = AbortSignal.timeout(timeoutMs);
    let current = raw;
    try {
      for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
        const url = checkHop(current, options);
        const headers: Record<string, string> = {
          'user-agent': options.userAgent,
          accept: wanted.accept ?? 'text/html,application/xhtml+xml,application/pdf,*/*;q=0.5',
        };
        if (hop === 0 && wanted.etag) headers['if-none-match'] = wanted.etag;
        if (hop === 0 && wanted.lastModified) headers['if-modified-since'] = wanted.lastModified;
        const answer = await request(url, { dispatcher: agent, method: 'GET', headers, signal });
        const { statusCode } = answer;
        const header = (name: string) => {
          const value = answer.headers[name];
          return (Array.isArray(value) ? value[0] : value) ?? null;
        };
        if (REDIRECTS.has(statusCode)) {
          await answer.body.dump();
          const location = header('location');
          if (!location) return { ok: false, reason: 'unreachable', status: statusCode };
          const next = new URL(location, url);
          next.hash = '';
          if (!wanted.within(next)) return { ok: false, reason: 'redirected_off_site', status: statusCode };
          current = next.href;
          continue;
        }
        if (statusCode === 304) {
          await answer.body.dump();
          return {
            ok: true,
            status: 304,
            url: url.href,
            contentType: '',
            bytes: new Uint8Array(),
            etag: null,
            lastModified: null,
          };
        }
        if (statusCode === 404 || statusCode === 410) {
          await answer.body.dump();
          return { ok: false, reason: 'not_found', status: statusCode };
        }
        if (statusCode !== 200) {
          await answer.body.dump();
          return { ok: false, reason: 'unreachable', status: statusCode };
        }
        const length = Number(header('content-length') ?? '0');
        if (length > maxBytes) {
          answer.body.destroy();
          return { ok: false, reason: 'too_large', status: statusCode };
        }
        let bytes = await readBounded(answer.body, maxBytes);
        if (!bytes) {
          answer.body.destroy();
          return { ok: false, reason: 'too_large', status: statusCode };
        }
        // We ask for no encoding, but some servers gzip anyway: inflated within the same bound.
        if (/^(x-)?gzip$/i.test(header('content-encoding') ?? '')) {
          const inflated = await inflateBounded(bytes, maxBytes);
          if (!inflated.ok) {
            const reason = inflated.reason === 'too_large' ? 'too_large' : 'unreachable';
            return { ok: false, reason, status: statusCode };
          }
          bytes = inflated.bytes;
        }
        return {
          ok: true,
          status: 200,
          url: url.href,
          contentType: (header('content-type') ?? '').toLowerCase(),
          bytes,
          etag: header('etag'),
          lastModified: header('last-modified'),
        };
      }
      return { ok: false, reason: 'unreachable' };
    } catch (error) {
      if (isUrlNotAllowed(error)) return { ok: false, reason: 'url_not_allowed' };
      if (signal.aborted) return { ok: false, reason: 'timed_out' };
      const code = (error as { code?: string }).code ?? '';
      if (/TIMEOUT/.test(code)) return { ok: false, reason: 'timed_out' };
      return { ok: false, reason: 'unreachable' };
    }
  }

  return {
    fetchPage,
    /** The largest body it reads (and inflates gzip to). */
    maxBytes,
    close: () => agent.close(),
  };
}
export type CrawlerFetch = ReturnType<typeof createCrawlerFetch>;
