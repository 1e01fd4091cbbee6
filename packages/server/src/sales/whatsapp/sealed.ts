/**
 * Secrets kept for an integration (a WhatsApp access token, app secret, verify token), sealed at
 * rest with AES-256-GCM under the server's stored-secrets key (auth/keys.ts): the database and
 * DATA_DIR hold only `v1.<iv>.<ciphertext+tag>` (base64url), never the secret itself. The
 * assistant id is authenticated with it, so a sealed value moved to another assistant does not open.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Seals `secret` for the assistant `assistantId`. */
export function seal(key: Uint8Array, assistantId: number, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`assistant:${assistantId}`));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
}

/** Opens a sealed secret; null when it was sealed with another key, for another assistant, or changed. */
export function unseal(key: Uint8Array, assistantId: number, sealed: string): string | null {
  const [version, iv, body] = sealed.split('.');
  if (version !== VERSION || !iv || !body) return null;
  try {
    const bytes = Buffer.from(body, 'base64url');
    if (bytes.length < TAG_BYTES) return null;
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`assistant:${assistantId}`));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}
