/**
 * A local stand-in for Google's and Microsoft's key endpoints (the server's issuer and JWKS URL are
 * configurable for this, docs/architecture.md#tenancy-and-auth): an RSA key served as a JWKS, and RS256 ID tokens signed with it.
 */
import { createPrivateKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface IdProvider {
  /** The JWKS URL to configure on the server. */
  jwksUrl: string;
  /** Signs an ID token with the given claims (`iat` and `exp` added). */
  token(claims: Record<string, unknown>): string;
  close(): Promise<void>;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** Starts the key endpoint. */
export async function startIdProvider(): Promise<IdProvider> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const key: KeyObject = createPrivateKey(privateKey.export({ format: 'pem', type: 'pkcs8' }));
  return {
    jwksUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/keys`,
    token(claims) {
      const now = Math.floor(Date.now() / 1000);
      const header = base64url(JSON.stringify({ alg: 'RS256', kid: 'test-key', typ: 'JWT' }));
      const payload = base64url(JSON.stringify({ iat: now - 60, exp: now + 3600, ...claims }));
      const signature = sign('sha256', Buffer.from(`${header}.${payload}`), key);
      return `${header}.${payload}.${base64url(signature)}`;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export const TEST_GOOGLE_CLIENT = 'google-client.apps.example';
export const TEST_MICROSOFT_CLIENT = '00000000-aaaa-bbbb-cccc-000000000002';
/** Microsoft's issuer template; `{tenantid}` is the token's `tid`. */
export const TEST_MICROSOFT_ISSUER = 'https://login.microsoftonline.com/{tenantid}/v2.0';

/** Server environment that enables both providers against this key set. */
export function providerEnv(idp: IdProvider): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT,
    GOOGLE_JWKS_URL: idp.jwksUrl,
    MICROSOFT_CLIENT_ID: TEST_MICROSOFT_CLIENT,
    MICROSOFT_ISSUER: TEST_MICROSOFT_ISSUER,
    MICROSOFT_JWKS_URL: idp.jwksUrl,
  };
}
