/**
 * A website for the crawler's tests and benchmark: a real HTTP server on a loopback address whose
 * pages the test sets and changes, answering conditional requests (ETag) as real servers do, and
 * recording every request (path, time, headers) so a test can count and time them.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SitePage {
  status?: number;
  /** Default `text/html; charset=utf-8`. */
  type?: string;
  body?: string | Uint8Array;
  headers?: Record<string, string>;
  /** Answer this long after the request (a slow page). */
  delayMs?: number;
  /** No ETag (the page can only be told unchanged by its content). */
  noEtag?: boolean;
}

export interface SiteRequest {
  path: string;
  at: number;
  headers: IncomingMessage['headers'];
  status: number;
}

export interface LocalSite {
  origin: string;
  url: (path: string) => string;
  /** Sets (or, with null, removes: a 404) the page at a path. */
  set: (path: string, page: SitePage | null) => void;
  /** An HTML page with a title, a main text and links (and a layout's navigation and footer). */
  html: (title: string, text: string, links?: string[]) => SitePage;
  requests: SiteRequest[];
  /** The most requests it was answering at once. */
  maxInFlight: () => number;
  close: () => Promise<void>;
}

/** Starts a site on `host` (127.0.0.1 by default) on a free port. */
export async function startLocalSite(host = '127.0.0.1'): Promise<LocalSite> {
  const pages = new Map<string, SitePage>();
  const requests: SiteRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server: Server = createServer((request, response) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    response.on('close', () => (inFlight -= 1));
    const path = request.url ?? '/';
    const page = pages.get(path);
    const entry: SiteRequest = { path, at: Date.now(), headers: request.headers, status: 404 };
    requests.push(entry);
    const answer = () => {
      if (!page) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      const body = page.body ?? '';
      const etag = page.noEtag ? null : `"${createHash('sha1').update(body).digest('hex')}"`;
      if (etag && request.headers['if-none-match'] === etag) {
        entry.status = 304;
        response.writeHead(304, { etag }).end();
        return;
      }
      entry.status = page.status ?? 200;
      response
        .writeHead(entry.status, {
          'content-type': page.type ?? 'text/html; charset=utf-8',
          ...(etag ? { etag } : {}),
          ...page.headers,
        })
        .end(body);
    };
    if (page?.delayMs) setTimeout(answer, page.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host}:${port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    set: (path, page) => {
      if (page) pages.set(path, page);
      else pages.delete(path);
    },
    html: (title, text, links = []) => ({
      body: `<!doctype html><html><head><title>${title}</title></head><body>
<div class="cookie-banner">We use cookies. Accept all cookies?</div>
<header><nav><a href="/">Home</a></nav></header>
<main><article><h1>${title}</h1>${text
        .split('\n\n')
        .map((paragraph) => `<p>${paragraph}</p>`)
        .join('')}
<ul>${links.map((link) => `<li><a href="${link}">${link}</a></li>`).join('')}</ul></article></main>
<footer>Copyright Colegio Sol. All rights reserved.</footer></body></html>`,
    }),
    requests,
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
