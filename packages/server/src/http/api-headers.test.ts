/**
 * Every `/api` answer tells browsers not to sniff its type and not to render or frame it as a page
 * (answers, errors, streams); the pages outside `/api` keep their own policies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEvents } from '../testing/files.fixtures';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';

const API_CSP = "default-src 'none'; frame-ancestors 'none'";

let server: TestServer;
let tenant: Tenant;
beforeAll(async () => {
  server = await createTestServer();
  tenant = await createTenant(server);
});
afterAll(() => server.close());

const expectApiHeaders = (headers: Headers) => {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('content-security-policy')).toBe(API_CSP);
};

describe('the API answers’ security headers', () => {
  it('are on answers, validation errors, refusals, unknown paths and oversized bodies', async () => {
    expectApiHeaders((await server.request('/api/health')).headers);
    expectApiHeaders((await server.request('/api/no-such-thing')).headers);
    expectApiHeaders((await server.request('/api/user/me')).headers);
    expectApiHeaders(
      (
        await server.request('/api/user/check-email', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{',
        })
      ).headers,
    );
    const tooBig = await server.request('/api/user/check-email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect(tooBig.status).toBe(413);
    expectApiHeaders(tooBig.headers);
    const preflight = await server.request('/api/health', {
      method: 'OPTIONS',
      headers: { origin: 'http://conversa.test', 'access-control-request-method': 'GET' },
    });
    expectApiHeaders(preflight.headers);
  });

  it('are on event streams', async () => {
    const stream = await openEvents(await server.listen(), tenant);
    expect(stream.response.status).toBe(200);
    expectApiHeaders(stream.response.headers);
    await stream.close();
  });

  it('are not put on the pages outside /api, which keep their own policy', async () => {
    const terms = await server.request('/terms');
    expect(terms.status).toBe(200);
    expect(terms.headers.get('content-security-policy')).not.toBe(API_CSP);
    expect(terms.headers.get('content-security-policy')).toMatch(/\S/);
  });
});
