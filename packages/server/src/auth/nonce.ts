/**
 * Single-use nonces for Google and Microsoft sign-ins. The console asks for one before each
 * sign-in and hands it to the provider; the ID token must carry it back as its `nonce` claim. A
 * token replayed later, or obtained for another page, is then refused.
 *
 * Issuing costs no database write (anyone may ask, so nothing piles up): a nonce is its expiry and
 * a random id, signed with the code key. Using one records its id until the expiry, so it works once.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SignInNonce } from '@conversa/contract/auth';
import { lte } from 'drizzle-orm';
import { usedSignInNonces } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';

/** How long a nonce waits for its sign-in (the provider's popup included). */
export const SIGN_IN_NONCE_TTL_SECONDS = 15 * 60;

const SHAPE = /^([0-9a-z]{1,10})\.([\w-]{24})\.([\w-]{43})$/;

const tag = (key: Uint8Array, body: string) =>
  createHmac('sha256', key).update(`sign-in-nonce:${body}`).digest('base64url');

const refused = () => new ApiError(401, 'provider_nonce_invalid');

/** A fresh nonce and its lifetime. */
export function issueNonce(deps: AppDeps): SignInNonce {
  const expires = Math.floor(deps.clock.now().getTime() / 1000) + SIGN_IN_NONCE_TTL_SECONDS;
  const body = `${expires.toString(36)}.${randomBytes(18).toString('base64url')}`;
  return {
    nonce: `${body}.${tag(deps.config.keys.codeKey, body)}`,
    expires_in_seconds: SIGN_IN_NONCE_TTL_SECONDS,
  };
}

/**
 * Uses up the `nonce` claim of a verified ID token; 401 `provider_nonce_invalid` when it is
 * missing, not ours, expired or already used.
 */
export async function consumeNonce(deps: AppDeps, claim: unknown): Promise<void> {
  const match = typeof claim === 'string' ? SHAPE.exec(claim) : null;
  if (!match) throw refused();
  const [, expiresText = '', id = '', given = ''] = match;
  const expected = Buffer.from(tag(deps.config.keys.codeKey, `${expiresText}.${id}`));
  if (!timingSafeEqual(expected, Buffer.from(given))) throw refused();
  const now = deps.clock.now();
  const expiresAt = new Date(Number.parseInt(expiresText, 36) * 1000);
  if (!(expiresAt > now)) throw refused();

  const { db } = deps.database;
  // Used nonces are only needed until they would have expired anyway.
  await db.delete(usedSignInNonces).where(lte(usedSignInNonces.expiresAt, now));
  const [fresh] = await db
    .insert(usedSignInNonces)
    .values({ id, expiresAt })
    .onConflictDoNothing()
    .returning({ id: usedSignInNonces.id });
  if (!fresh) throw refused();
}
