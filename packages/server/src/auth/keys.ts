/**
 * The server's keys, each derived from the one `JWT_SECRET` with HKDF-SHA256 under its own label,
 * so a key never serves two purposes: a code hash leaked with the database says nothing about the
 * token key, and no token can be forged from the raw secret alone.
 */
import { hkdfSync } from 'node:crypto';

export interface ServerKeys {
  /** Signs and verifies staff and guest JWTs (HS256). */
  tokenKey: Uint8Array;
  /** Keys the HMACs of sign-up codes and sign-in nonces. */
  codeKey: Uint8Array;
  /** Encrypts the secrets stored for integrations (WhatsApp tokens), AES-256-GCM. */
  secretsKey: Uint8Array;
}

// Fixed and public: HKDF's salt is optional; the labels are what keep the keys apart.
const SALT = 'conversa/keys';
const TOKEN_INFO = 'conversa/jwt-hs256/v1';
const CODE_INFO = 'conversa/code-hmac/v1';
const SECRETS_INFO = 'conversa/stored-secrets-aes256gcm/v1';

const derive = (secret: Uint8Array, info: string) =>
  new Uint8Array(hkdfSync('sha256', secret, SALT, info, 32));

/**
 * Derives every key from the secret (the bytes of `JWT_SECRET`); the stored-secrets key from
 * `secretsSecret` instead when given (WHATSAPP_SECRETS_KEY), so it can be kept apart from the rest.
 */
export function deriveKeys(secret: Uint8Array, secretsSecret?: Uint8Array): ServerKeys {
  return {
    tokenKey: derive(secret, TOKEN_INFO),
    codeKey: derive(secret, CODE_INFO),
    secretsKey: derive(secretsSecret ?? secret, SECRETS_INFO),
  };
}
