/**
 * A small website on a loopback port for the tests that crawl (the server runs with
 * `CRAWL_ALLOW_PRIVATE=true`): pages as HTML by path, a robots.txt, and pages changed or removed
 * between crawls. Every request is counted.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running site. */
export interface LocalSite {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** The HTML of a path (`/admisiones/`); setting one changes the page, deleting it makes it 404. */
  pages: Map<string, string>;
  /** Paths requested, in order. */
  requested: string[];
  close(): Promise<void>;
}

/** A page's HTML: a title, a navigation the reader leaves out, and paragraphs of text and links. */
export function htmlPage(title: string, paragraphs: string[], links: string[] = []): string {
  const nav = links.map((href) => `<a href="${href}">${href}</a>`).join(' ');
  const text = paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('\n');
  return `<!doctype html><html lang="es"><head><title>${title}</title></head><body><nav>${nav}</nav><main><h1>${title}</h1>${text}</main><footer>© Colegio</footer></body></html>`;
}

/** Serves `pages` (path → HTML) and `robots` as robots.txt; anything else answers 404. */
export async function startLocalSite(
  pages: Record<string, string>,
  robots = 'User-agent: *\nAllow: /\n',
): Promise<LocalSite> {
  const held = new Map(Object.entries(pages));
  const requested: string[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requested.push(path);
    if (path === '/robots.txt') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end(robots);
      return;
    }
    const html = held.get(path);
    if (html === undefined) {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not found</body></html>');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    pages: held,
    requested,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
