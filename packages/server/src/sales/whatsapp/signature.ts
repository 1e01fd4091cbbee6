/**
 * Meta's webhook signature (`X-Hub-Signature-256: sha256=<hex>`): an HMAC-SHA256 of the exact
 * request bytes with the app secret. Checked before anything in the delivery is acted on.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header value Meta sends for `body` signed with `secret`. */
export function signatureOf(body: Uint8Array, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** True when `header` is the signature of `body` with one of `secrets` (compared in constant time). */
export function verifySignature(
  body: Uint8Array,
  header: string | null | undefined,
  secrets: readonly string[],
): boolean {
  const given = Buffer.from((header ?? '').trim().toLowerCase());
  if (!given.toString().startsWith('sha256=')) return false;
  let valid = false;
  for (const secret of secrets) {
    const expected = Buffer.from(signatureOf(body, secret));
    // Lengths are public (a hex SHA-256 is always 64 characters); contents are compared in constant time.
    if (expected.length === given.length && timingSafeEqual(expected, given)) valid = true;
  }
  return valid;
}
