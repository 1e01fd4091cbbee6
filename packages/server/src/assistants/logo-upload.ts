/**
 * Receiving and storing a logo from a request (PNG or JPEG by its magic bytes, under a new random
 * name so its URL can be cached forever), for the assistant's logo and the institution's: one
 * limit of uploads per institution for both (`logoUploadLimit`).
 */
import { randomBytes } from 'node:crypto';
import { LOGO_MAX_BYTES } from '@conversa/contract/constants';
import type { Context } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { ApiError, notFound } from '../http/errors';
import { translate } from '../i18n/translate';
import { logoUploadLimit } from '../rate-limit/limits';
import { takeLimits } from '../rate-limit/rate-limit.service';
import { type ImageType, LOGO_NAME, logoStorageKey, sniffImageType } from './logo';
import { fileRequired, readAll, readMultipart } from '../files';

/** Bodies above this are refused before reading; between it and the logo limit the reader names the file. */
const LOGO_BODY_LIMIT = 5 * LOGO_MAX_BYTES;

/**
 * Receiving and storing logos, for whichever row points at them: `receive` counts the upload
 * against the institution's hour (past it, a translated 429 before the body is read), reads the
 * request's `logo` part (PNG or JPEG by content, LOGO_MAX_BYTES at most; else a translated 415 or
 * 413) and stores it under a new name; `point` runs the write that points a row at the new name (or none)
 * and answers the replaced one, which is then deleted (the new one too, when the write fails).
 */
export function logoStore(deps: Pick<AppDeps, 'storage' | 'logger' | 'clock' | 'database'>) {
  const { storage, logger } = deps;
  const forget = (name: string) =>
    storage
      .delete(logoStorageKey(name))
      .catch((error: unknown) => logger.warn({ err: error, name }, 'could not delete a logo'));

  return {
    /** Reads the request's logo for an institution (its own or its assistant's) and stores it: its new name. */
    async receive(c: Context<AppEnv>, institutionId: number): Promise<string> {
      await takeLimits(deps, [logoUploadLimit(institutionId)]);
      const received = await readLogo(c);
      const name = `${randomBytes(16).toString('hex')}.${received.type === 'png' ? 'png' : 'jpg'}`;
      await storage.put(logoStorageKey(name), received.bytes);
      return name;
    },
    /**
     * Runs `write` (which answers the name it replaced, or null when the row is not there: a 404),
     * deleting `name` if it fails and the replaced logo once it succeeds.
     */
    async point<T>(name: string | null, write: () => Promise<{ result: T; replaced: string | null } | null>) {
      let written: { result: T; replaced: string | null } | null;
      try {
        written = await write();
      } catch (error) {
        if (name) await forget(name);
        throw error;
      }
      if (!written) {
        if (name) await forget(name);
        throw notFound();
      }
      if (written.replaced && LOGO_NAME.test(written.replaced)) await forget(written.replaced);
      return written.result;
    },
  };
}

/** The request's `logo` part, checked by its magic bytes. */
async function readLogo(c: Context<AppEnv>): Promise<{ bytes: Uint8Array; type: ImageType }> {
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
  return received;
}
