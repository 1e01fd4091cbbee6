/**
 * Signed JWTs (HS256) with `typ`, `aud`, `exp` (docs/architecture.md#tenancy-and-auth). Staff tokens are short access
 * tokens (config `sessions.tokenTtlMs`) carrying the session id as `jti`, so logout, password
 * changes and the session's idle and absolute limits end them; guest tokens are scoped to one assistant
 * and one conversation and are refused on every staff route.
 */
import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export const ISSUER = 'conversa';
export const STAFF_AUDIENCE = 'conversa:staff';
export const GUEST_AUDIENCE = 'conversa:guest';
export const GUEST_TOKEN_TTL_SECONDS = 24 * 60 * 60;

export type VerifiedToken =
  | { typ: 'staff'; userId: number; sessionId: string }
  | { typ: 'guest'; assistantId: number; conversationId: string };

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Signs a staff token for a session row. */
export function signStaffToken(
  secret: Uint8Array,
  { userId, sessionId, now, expiresAt }: { userId: number; sessionId: string; now: Date; expiresAt: Date },
): Promise<string> {
  return new SignJWT({ typ: 'staff' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(STAFF_AUDIENCE)
    .setSubject(String(userId))
    .setJti(sessionId)
    .setIssuedAt(seconds(now))
    .setExpirationTime(seconds(expiresAt))
    .sign(secret);
}

/** Signs a guest token for one assistant conversation (the public chat). */
export function signGuestToken(
  secret: Uint8Array,
  { assistantId, conversationId, now }: { assistantId: number; conversationId: string; now: Date },
): Promise<string> {
  return new SignJWT({ typ: 'guest', cid: conversationId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(GUEST_AUDIENCE)
    .setSubject(String(assistantId))
    .setJti(randomUUID())
    .setIssuedAt(seconds(now))
    .setExpirationTime(seconds(now) + GUEST_TOKEN_TTL_SECONDS)
    .sign(secret);
}

// jose verifies HMAC through WebCrypto, a hop to the thread pool (~100 µs) on every request. A
// token's signature never changes, so a good one is remembered until it expires; revocation is
// checked elsewhere (the session row), and expiry is checked again on every use.
const remembered = new Map<string, { token: VerifiedToken; expiresAt: number }>();
const MAX_REMEMBERED = 10_000;

/**
 * Verifies signature, algorithm, issuer, audience and expiry; `expired` for a good token past its
 * `exp`, null when anything else is off.
 */
export async function verifyToken(
  secret: Uint8Array,
  token: string,
  now: Date,
): Promise<VerifiedToken | 'expired' | null> {
  const key = `${Buffer.from(secret).toString('base64url')}.${token}`;
  const known = remembered.get(key);
  if (known) {
    if (now.getTime() < known.expiresAt) return known.token;
    remembered.delete(key);
  }
  const result = await verifyUncached(secret, token, now);
  if (result === null || result === 'expired') return result;
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  remembered.set(key, result);
  return result.token;
}

async function verifyUncached(
  secret: Uint8Array,
  token: string,
  now: Date,
): Promise<{ token: VerifiedToken; expiresAt: number } | 'expired' | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: [STAFF_AUDIENCE, GUEST_AUDIENCE],
      currentDate: now,
      requiredClaims: ['exp', 'sub', 'jti'],
    });
    const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    const subject = Number(payload.sub);
    if (!Number.isSafeInteger(subject) || subject < 1) return null;
    const expiresAt = (payload.exp ?? 0) * 1000;
    if (payload.typ === 'staff' && audience.length === 1 && audience[0] === STAFF_AUDIENCE) {
      return { token: { typ: 'staff', userId: subject, sessionId: String(payload.jti) }, expiresAt };
    }
    if (
      payload.typ === 'guest' &&
      audience.length === 1 &&
      audience[0] === GUEST_AUDIENCE &&
      typeof payload.cid === 'string'
    ) {
      return { token: { typ: 'guest', assistantId: subject, conversationId: payload.cid }, expiresAt };
    }
    return null;
  } catch (error) {
    // jose checks the signature before the claims: an expired token was genuinely ours.
    return error instanceof errors.JWTExpired ? 'expired' : null;
  }
}
