/**
 * Serves the built admin console (DESIGN §1: one port for the API and the app): files from its
 * `dist` folder, hashed assets cached for a year, and `index.html` for console routes (SPA
 * fallback), each with the console's security headers (console-headers.ts). Never answers under
 * `/api`, whose unknown paths keep the JSON 404.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { Config } from '../config';
import type { AppEnv } from '../http/env';
import { consoleSecurityHeaders } from './console-headers';

/** Vite puts content-hashed files here; their names change whenever their content does. */
const HASHED_PREFIX = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Unhashed files (index.html, the social image, the favicon) must be revalidated so a new build
// is picked up at once; the ETag-less Last-Modified keeps the revalidation cheap.
const REVALIDATE = 'no-cache';

const isApi = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');
/** A request for a file (`/assets/x.js`, `/favicon.svg`), as opposed to a console route. */
const looksLikeFile = (pathname: string) => path.posix.basename(pathname).includes('.');

/** Adds the caching and security headers of a served file (hashed or not). */
function withHeaders(
  response: Response,
  pathname: string,
  hashed: boolean,
  security: Record<string, string>,
): Response {
  response.headers.set(
    'Cache-Control',
    hashed && pathname.startsWith(HASHED_PREFIX) ? IMMUTABLE : REVALIDATE,
  );
  for (const [name, value] of Object.entries(security)) response.headers.set(name, value);
  return response;
}

/** True when `root` holds a built app (an `index.html`). */
export function hasBuiltApp(root: string | null): root is string {
  return root !== null && existsSync(path.join(root, 'index.html'));
}

/** The routes serving a built single-page app from `root` (absolute). Mount after the API. */
export function adminStaticRoutes(root: string, config: Pick<Config, 'google' | 'microsoft' | 'publicUrl'>) {
  const app = new Hono<AppEnv>();
  const security = consoleSecurityHeaders(config);
  // Pre-compressed `.br`/`.gz` siblings written by the admin build are sent when accepted.
  const files = serveStatic<AppEnv>({ root, precompressed: true });
  const index = serveStatic<AppEnv>({ root, path: 'index.html', precompressed: true });
  const missing = async () => undefined;

  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    if (isApi(c.req.path)) return next();
    const file = await files(c, missing);
    if (file) return withHeaders(file, c.req.path, true, security);
    // Console routes (`/login`, `/pre-sales/trainer/3`) are the app's to resolve; a missing file is a 404.
    if (looksLikeFile(c.req.path)) return next();
    const page = await index(c, missing);
    return page ? withHeaders(page, c.req.path, false, security) : next();
  });
  return app;
}
