/**
 * Serves the built admin console (docs/architecture.md#packages: one port for the API and the app): files from its
 * `dist` folder, hashed assets cached for a year, and `index.html` for console routes (SPA
 * fallback), each with the console's security headers (console-headers.ts). Never answers under
 * `/api`, whose unknown paths keep the JSON 404. When the legal texts live elsewhere (TERMS_URL,
 * PRIVACY_URL), `index.html` names them in `<meta>`s for the console's links (no inline script: the
 * console's policy allows none), and the share tags a link preview reads without running the app
 * carry absolute addresses under PUBLIC_URL (`og:url`, `og:image`).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type AuthProviders, PROVIDERS_META } from '@conversa/contract/auth';
import { LEGAL_META } from '@conversa/contract/legal';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import type { Config } from '../config';
import type { AppEnv } from '../http/env';
import { consoleSecurityHeaders } from './console-headers';
import { SHARE_IMAGE_PATH, SHARE_IMAGE_SIZE } from './share-image';

/** Vite puts content-hashed files here; their names change whenever their content does. */
const HASHED_PREFIX = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Unhashed files (index.html, the favicon) must be revalidated so a new build
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

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The `<meta>`s of the console's `index.html`: the sign-in providers (what `GET auth/providers`
 * answers), and the legal texts' addresses that are set.
 */
export function pageMeta(config: Pick<Config, 'google' | 'microsoft' | 'legal'>): string {
  const providers: AuthProviders = {
    google_client_id: config.google?.clientId ?? null,
    microsoft_client_id: config.microsoft?.clientId ?? null,
  };
  return [
    [PROVIDERS_META, JSON.stringify(providers)],
    [LEGAL_META.terms, config.legal.termsUrl],
    [LEGAL_META.privacy, config.legal.privacyUrl],
  ]
    .filter((entry): entry is [string, string] => Boolean(entry[1]))
    .map(([name, value]) => `<meta name="${name}" content="${escapeAttribute(value)}" />`)
    .join('');
}

/**
 * The share tags whose values are addresses, absolute as previews need them: the page's own
 * (`og:url`, without its query) and the default share image's. The rest (title, description, type)
 * are the same for every page and written in `index.html`.
 */
export function shareMeta(publicUrl: string, pathname: string): string {
  return [
    ['og:url', `${publicUrl}${pathname === '/index.html' ? '/' : pathname}`],
    ['og:image', `${publicUrl}${SHARE_IMAGE_PATH}`],
    ['og:image:width', String(SHARE_IMAGE_SIZE.width)],
    ['og:image:height', String(SHARE_IMAGE_SIZE.height)],
  ]
    .map(([property, value]) => `<meta property="${property}" content="${escapeAttribute(value!)}" />`)
    .join('');
}

/** The routes serving a built single-page app from `root` (absolute). Mount after the API. */
export function adminStaticRoutes(
  root: string,
  config: Pick<Config, 'google' | 'microsoft' | 'publicUrl' | 'legal'>,
) {
  const app = new Hono<AppEnv>();
  const security = consoleSecurityHeaders(config);
  // Pre-compressed `.br`/`.gz` siblings written by the admin build are sent when accepted.
  const files = serveStatic<AppEnv>({ root, precompressed: true });
  const missing = async () => undefined;
  const head = pageMeta(config);
  /** `index.html` with the `<meta>`s (read on each load, like the file). */
  const index = async (c: Context<AppEnv>) => {
    const page = await readFile(path.join(root, 'index.html'), 'utf8');
    return c.html(page.replace('</head>', `${head}${shareMeta(config.publicUrl, c.req.path)}</head>`));
  };

  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    if (isApi(c.req.path)) return next();
    // The index itself, asked for by name, gets the `<meta>`s too.
    const named = c.req.path === '/' || c.req.path === '/index.html';
    const file = named ? undefined : await files(c, missing);
    if (file) return withHeaders(file, c.req.path, true, security);
    // Console routes (`/login`, `/pre-sales/trainer/3`) are the app's to resolve; a missing file is a 404.
    if (!named && looksLikeFile(c.req.path)) return next();
    const page = await index(c);
    return page ? withHeaders(page, c.req.path, false, security) : next();
  });
  return app;
}
