import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing';

const INDEX =
  '<!doctype html><html><head><title>Conversa</title></head><body><div id="root"></div>' +
  '<script type="module" src="/assets/index-abc123.js"></script></body></html>';

let parent: string;
let dir: string;
beforeAll(() => {
  parent = mkdtempSync(path.join(os.tmpdir(), 'conversa-console-headers-'));
  dir = path.join(parent, 'dist');
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1);');
});
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** The CSP's directives by name. */
function directives(response: Response): Map<string, string[]> {
  const policy = response.headers.get('content-security-policy') ?? '';
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('the console over http, without sign-in providers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ env: { ADMIN_DIR: dir, PUBLIC_URL: 'http://conversa.test' } });
  });
  afterAll(() => server.close());

  it('sends a strict policy with its page, its SPA routes and its assets', async () => {
    for (const route of ['/', '/login', '/pre-sales/trainer/3', '/assets/index-abc123.js']) {
      const response = await server.request(route);
      expect(response.status, route).toBe(200);
      const csp = directives(response);
      expect(csp.get('default-src'), route).toEqual(["'self'"]);
      expect(csp.get('script-src'), route).toEqual(["'self'"]);
      // styled-components injects <style> elements at run time.
      expect(csp.get('style-src'), route).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get('frame-ancestors'), route).toEqual(["'none'"]);
      expect(csp.get('object-src'), route).toEqual(["'none'"]);
      expect(csp.get('base-uri'), route).toEqual(["'self'"]);
      expect(csp.get('connect-src'), route).toEqual(["'self'"]);
      expect(response.headers.get('x-frame-options'), route).toBe('DENY');
      expect(response.headers.get('referrer-policy'), route).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('permissions-policy'), route).toMatch(/camera=\(\)/);
      expect(response.headers.get('permissions-policy'), route).toMatch(/geolocation=\(\)/);
      expect(response.headers.get('x-content-type-options'), route).toBe('nosniff');
      expect(response.headers.get('strict-transport-security'), route).toBeNull();
    }
  });

  it('leaves the API alone', async () => {
    const response = await server.request('/api/health');
    expect(response.status).toBe(200);
    // Not the console's policy: the API's own (app.ts), which loads and frames nothing.
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });
});

describe('the console over https, with Google and Microsoft sign-in', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({
      env: {
        ADMIN_DIR: dir,
        PUBLIC_URL: 'https://console.conversa.test',
        GOOGLE_CLIENT_ID: 'google-client',
        MICROSOFT_CLIENT_ID: 'microsoft-client',
      },
    });
  });
  afterAll(() => server.close());

  it('allows exactly the providers’ hosts and asks browsers to keep to https', async () => {
    const response = await server.request('/login');
    const csp = directives(response);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/client']);
    expect(csp.get('style-src')).toEqual([
      "'self'",
      "'unsafe-inline'",
      'https://accounts.google.com/gsi/style',
    ]);
    expect(csp.get('frame-src')).toEqual(['https://accounts.google.com/gsi/']);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://accounts.google.com/gsi/',
      'https://login.microsoftonline.com',
    ]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    // Sign-in popups (Google, Microsoft) must keep their opener.
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });
});
