/**
 * Serves the built widget (docs/architecture.md#the-widget-and-public-pages): `/embed.js`, the snippet's loader, and `/widget/*`, the chat
 * app and its chunks, from `WIDGET_DIR` (`packages/widget/dist` by default). Entry files keep their
 * names across builds, so they are cached briefly; Rollup's content-hashed chunks are cached for a
 * year. Without a build (or with the file missing) the answer is a plain-text 404, never a crash.
 */
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from '../http/env';

/** Sites load embed.js on every page view; five minutes lets a new build reach them soon. */
export const ENTRY_CACHE = 'public, max-age=300';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Rollup's `[name]-[hash].js` chunk names (8 base64url hash characters), and their maps. */
const HASHED = /-[\w-]{8}\.(?:m?js|css)(?:\.map)?$/;

/** The routes serving the widget's files from `root` (absolute; null serves none). */
export function widgetStaticRoutes(root: string | null) {
  const app = new Hono<AppEnv>();
  const missing = async () => undefined;
  const notFound = () =>
    new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  if (root === null) {
    app.on(['GET', 'HEAD'], ['/embed.js', '/widget/*'], notFound);
    return app;
  }
  // Pre-compressed `.br`/`.gz` siblings are sent when the browser accepts them.
  const embed = serveStatic<AppEnv>({ root, path: 'embed.js', precompressed: true });
  const files = serveStatic<AppEnv>({
    root,
    precompressed: true,
    rewriteRequestPath: (pathname) => pathname.replace(/^\/widget/, ''),
  });
  // Host pages load these cross-origin (the loader, and the chat app's modulepreload): public code,
  // readable by any origin, no credentials.
  const withCaching = (response: Response, cache: string) => {
    response.headers.set('Cache-Control', cache);
    response.headers.set('X-Content-Type-Options', 'nosniff');
    response.headers.set('Access-Control-Allow-Origin', '*');
    return response;
  };

  app.on(['GET', 'HEAD'], '/embed.js', async (c) => {
    const file = await embed(c, missing);
    return file ? withCaching(file, ENTRY_CACHE) : notFound();
  });
  app.on(['GET', 'HEAD'], '/widget/*', async (c) => {
    const file = await files(c, missing);
    return file ? withCaching(file, HASHED.test(c.req.path) ? IMMUTABLE : ENTRY_CACHE) : notFound();
  });
  return app;
}
