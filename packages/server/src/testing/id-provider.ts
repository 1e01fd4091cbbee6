/**
 * A local stand-in for Google's and Microsoft's key endpoints (the server's issuers and JWKS URLs are
 * configurable for this, docs/architecture.md#tenancy-and-auth): an RSA key served as a JWKS, and
 * RS256 ID tokens signed with it, or with a stranger's key the JWKS does not hold.
 */
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { JWTPayload } from 'jose';
import type { TestServer } from './test-server';

export const TEST_GOOGLE_CLIENT = 'google-client.apps.example';
export const TEST_MICROSOFT_CLIENT = '00000000-aaaa-bbbb-cccc-000000000002';
/** Microsoft's issuer template; `{tenantid}` is the token's `tid`. */
export const TEST_MICROSOFT_ISSUER = 'https://login.microsoftonline.com/{tenantid}/v2.0';
/** The `kid` of the served key. */
export const TEST_KEY_ID = 'test-key';

export interface TokenOptions {
  /** The time the token is issued at (default now): a test server's clock. */
  now?: Date;
  /** Seconds from `now` to `exp` (default an hour; negative for an expired token). */
  expiresIn?: number;
  /** Sign with a key the JWKS does not serve (a forged token). */
  stranger?: boolean;
  /** The header's `kid` (default the served key's). */
  kid?: string;
}

export interface IdProvider {
  /** The JWKS URL to configure on the server. */
  jwksUrl: string;
  /** Server environment that enables both providers against this key set. */
  env: Record<string, string>;
  /** Signs an ID token with the given claims (`iat` a minute before `now`, `exp` added). */
  token(claims: Record<string, unknown>, options?: TokenOptions): string;
  close(): Promise<void>;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const rsaKeys = () => generateKeyPairSync('rsa', { modulusLength: 2048 });

/** Starts the key endpoint. */
export async function startIdProvider(): Promise<IdProvider> {
  const { privateKey, publicKey } = rsaKeys();
  const stranger: KeyObject = rsaKeys().privateKey;
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: TEST_KEY_ID, alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/keys`;
  return {
    jwksUrl,
    env: {
      GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT,
      GOOGLE_JWKS_URL: jwksUrl,
      MICROSOFT_CLIENT_ID: TEST_MICROSOFT_CLIENT,
      MICROSOFT_ISSUER: TEST_MICROSOFT_ISSUER,
      MICROSOFT_JWKS_URL: jwksUrl,
    },
    token(claims, { now = new Date(), expiresIn = 3600, stranger: forged = false, kid = TEST_KEY_ID } = {}) {
      const seconds = Math.floor(now.getTime() / 1000);
      const header = base64url(JSON.stringify({ alg: 'RS256', kid, typ: 'JWT' }));
      const payload = base64url(JSON.stringify({ iat: seconds - 60, exp: seconds + expiresIn, ...claims }));
      const signature = sign('sha256', Buffer.from(`${header}.${payload}`), forged ? stranger : privateKey);
      return `${header}.${payload}.${base64url(signature)}`;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Google's claims for a new person (a fresh subject and address), with these changes. */
export const googleClaims = (overrides: JWTPayload = {}): JWTPayload => ({
  iss: 'https://accounts.google.com',
  aud: TEST_GOOGLE_CLIENT,
  sub: `g-${randomUUID()}`,
  email: `g-${randomUUID()}@gmail.example`,
  email_verified: true,
  name: 'Lucía Fernández',
  given_name: 'Lucía',
  family_name: 'Fernández',
  ...overrides,
});

/** A sign-in nonce the server issued (`POST auth/nonce`): a provider's token must carry one. */
export async function signInNonce(server: Pick<TestServer, 'call'>): Promise<string> {
  const answer = await server.call<{ data?: { nonce: string } }>('/api/auth/nonce', { method: 'POST' });
  return answer.body.data?.nonce as string;
}
