/**
 * `POST institution-product/{id}/logo` (multipart field `logo`) and the public
 * `GET /api/public/logo/{name}` that serves it. A logo is checked by its magic bytes, stored under
 * a new random name (so its URL can be cached forever), and the replaced one is deleted. The
 * institution's logo (`institutions/`) is received and stored the same way (`logoStore`).
 */
import { endpoints } from '@conversa/contract/endpoints';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { notFound } from '../http/errors';
import { ok } from '../http/respond';
import { endpointRouter } from '../http/route';
import { LOGO_NAME, logoContentType, logoStorageKey } from './logo';
import { logoRepo } from './logo.repo';
import { logoStore } from './logo-upload';

/** The logo routes. */
export function logoRoutes(deps: AppDeps) {
  const route = endpointRouter(deps);
  const logos = logoRepo(deps.database.db, deps.config.publicUrl);
  const store = logoStore(deps);
  const { storage } = deps;

  const app = new Hono<AppEnv>();

  route(app, endpoints.uploadLogo, async (c, { scope }) => {
    const name = await store.receive(c, scope.institutionId);
    const assistant = await store.point(name, async () => {
      const set = await logos.setLogo(scope.institutionId, scope.assistantId, name, deps.clock.now());
      return set && { result: set.assistant, replaced: set.replaced };
    });
    return ok(c, assistant);
  });

  // Not an entry of the API table: the image file behind a logo's URL, public and binary.
  app.get('/public/logo/:name', async (c) => {
    const name = c.req.param('name');
    if (!LOGO_NAME.test(name)) throw notFound();
    const bytes = await storage.get(logoStorageKey(name));
    if (!bytes) throw notFound();
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': logoContentType(name),
      'Content-Length': String(bytes.length),
      'X-Content-Type-Options': 'nosniff',
      // Names are never reused: a new logo is a new name.
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      // Shown by the widget and public pages on other sites.
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
  });
  return app;
}
