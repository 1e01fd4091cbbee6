/**
 * Gzip as sites send it (`sitemap.xml.gz`, `application/gzip`, `Content-Encoding: gzip`),
 * decompressed with a hard bound on its output: a gzip bomb (a few KB that inflate to gigabytes) is
 * refused once it passes the bound, never held whole. zlib stops at `maxOutputLength` itself, off
 * the event loop.
 */
import { gunzip } from 'node:zlib';

/** Whether bytes are gzip (its magic number), whatever the answer's headers said. */
export const isGzip = (bytes: Uint8Array) => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

export type Inflated = { ok: true; bytes: Uint8Array } | { ok: false; reason: 'too_large' | 'unreadable' };

/** Decompresses gzip into at most `maxBytes`: `too_large` past it, `unreadable` when it is not gzip. */
export function inflateBounded(bytes: Uint8Array, maxBytes: number): Promise<Inflated> {
  return new Promise((resolve) => {
    gunzip(bytes, { maxOutputLength: maxBytes }, (error, result) => {
      if (!error) resolve({ ok: true, bytes: result });
      else if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError)
        resolve({ ok: false, reason: 'too_large' });
      else resolve({ ok: false, reason: 'unreadable' });
    });
  });
}
