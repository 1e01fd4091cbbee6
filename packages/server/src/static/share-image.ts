/**
 * The default share image (1200×630 PNG, shipped in `assets/`): what a shared link to the console
 * or to an assistant without a logo previews with. Served by the server itself, so it is there
 * whether or not the console is built, and cached for a day (its name does not change with it).
 */
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { assetsFolder } from '../paths';

/** Where the image is served. */
export const SHARE_IMAGE_PATH = '/og-image.png';
/** Its size, for `og:image:width` and `og:image:height`. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 };
export const SHARE_IMAGE_CACHE = 'public, max-age=86400';

/** The route serving the image (read once: 4 KB). */
export function shareImageRoutes() {
  const image = new Uint8Array(readFileSync(new URL('og-image.png', assetsFolder)));
  const app = new Hono<AppEnv>();
  const headers = {
    'Content-Type': 'image/png',
    'Content-Length': String(image.byteLength),
    'Cache-Control': SHARE_IMAGE_CACHE,
    'X-Content-Type-Options': 'nosniff',
  };
  app.on(['GET', 'HEAD'], SHARE_IMAGE_PATH, (c) =>
    c.req.method === 'HEAD' ? c.body(null, 200, headers) : c.body(image, 200, headers),
  );
  return app;
}
