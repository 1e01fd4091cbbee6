/**
 * `POST institution-product/{id}/logo` (multipart field `logo`) and the public
 * `GET /api/public/logo/{name}` that serves it. A logo is checked by its magic bytes, stored under
 * a new random name (so its URL can be cached forever), and the replaced one is deleted.
 */
import { randomBytes } from 'node:crypto';
import { LOGO_MAX_BYTES } from '@conversa/contract/constants';
import { endpoints } from '@conversa/contract/endpoints';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { ApiError, notFound } from '../http/errors';
import { ok } from '../http/respond';
import { endpointRouter } from '../http/route';
import { translate } from '../i18n/translate';
import { type ImageType, LOGO_NAME, logoContentType, logoStorageKey, sniffImageType } from './logo';
import { logoRepo } from './logo.repo';
import { fileRequired, readAll, readMultipart } from './multipart';

/** Bodies above this are refused before reading; between it and the logo limit the reader names the file. */
const LOGO_BODY_LIMIT = 5 * LOGO_MAX_BYTES;

/** The logo routes. */
export function logoRoutes(deps: AppDeps) {
  const route = endpointRouter(deps);
  const logos = logoRepo(deps.database.db, deps.config.publicUrl);
  const { storage, logger } = deps;

  const forget = (key: string) =>
    storage
      .delete(key)
      .catch((error: unknown) => logger.warn({ err: error, key }, 'could not delete a logo'));

  const app = new Hono<AppEnv>();

  route(app, endpoints.uploadLogo, async (c, { scope }) => {
    let image: { bytes: Uint8Array; type: ImageType } | null = null;
    await readMultipart(c, {
      field: 'logo',
      maxFileBytes: LOGO_MAX_BYTES,
      maxBodyBytes: LOGO_BODY_LIMIT,
      async onFile(file) {
        if (image) return; // one logo; later parts are ignored
        // Small (LOGO_MAX_BYTES): read whole, then stored in one piece.
        const bytes = await readAll(file);
        const type = sniffImageType(bytes);
        if (!type) {
          const message = translate(c.get('locale'), 'logo_type');
          throw new ApiError(415, 'unsupported_media_type', {
            issues: [{ path: 'logo', code: 'logo_type', message }],
          });
        }
        image = { bytes, type };
      },
    });
    const received = image as { bytes: Uint8Array; type: ImageType } | null;
    if (!received) throw fileRequired(c, 'logo');

    const name = `${randomBytes(16).toString('hex')}.${received.type === 'png' ? 'png' : 'jpg'}`;
    await storage.put(logoStorageKey(name), received.bytes);
    let result: Awaited<ReturnType<typeof logos.setLogo>>;
    try {
      result = await logos.setLogo(scope.institutionId, scope.assistantId, name, deps.clock.now());
    } catch (error) {
      await forget(logoStorageKey(name));
      throw error;
    }
    if (!result) {
      await forget(logoStorageKey(name));
      throw notFound();
    }
    if (result.replaced && LOGO_NAME.test(result.replaced)) await forget(logoStorageKey(result.replaced));
    return ok(c, result.assistant);
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
