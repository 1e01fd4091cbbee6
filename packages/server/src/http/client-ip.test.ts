import os from 'node:os';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { rateEvents } from '../db/schema';
import { EMAIL_CHECKS_PER_IP } from '../rate-limit/limits';
import { createTestServer, type TestServer } from '../testing';

const check = (server: TestServer, ip: string) =>
  server.call('/api/user/check-email', { json: { email: 'someone@example.com' }, ip });

/** The IPs the e-mail check limit has counted, by bucket. */
async function buckets(server: TestServer): Promise<string[]> {
  const rows = await server.database.db
    .select({ key: rateEvents.key })
    .from(rateEvents)
    .where(like(rateEvents.key, 'email-check:ip:%'));
  return [...new Set(rows.map((row) => row.key.slice('email-check:ip:'.length)))];
}

describe('the client IP behind one trusted proxy (TRUST_PROXY=1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => server.close());

  it('reads X-Forwarded-For from the right: prepended values do not buy a fresh rate-limit bucket', async () => {
    for (let i = 0; i < EMAIL_CHECKS_PER_IP; i++) {
      const { status } = await check(server, `10.9.${i}.1, 198.51.100.20`);
      expect(status).toBe(200);
    }
    const { status, headers } = await check(server, '192.0.2.99, 198.51.100.20');
    expect(status).toBe(429);
    expect(Number(headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await buckets(server)).toEqual(['198.51.100.20']);
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count, true, or a CIDR list; 0, false or unset trust no header', () => {
    const trust = (value: string | undefined) =>
      loadConfig({ DATA_DIR: os.tmpdir(), JWT_SECRET: 'x'.repeat(32), TRUST_PROXY: value }).trustProxy;
    expect(trust(undefined)).toBe(0);
    expect(trust('0')).toBe(0);
    expect(trust('false')).toBe(0);
    expect(trust('true')).toBe(1);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 127.0.0.1, ::1')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    expect(() => trust('10.0.0.0/99')).toThrow(/TRUST_PROXY/);
    expect(() => trust('proxy.example')).toThrow(/TRUST_PROXY/);
  });
});

describe('the client IP over a real socket', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });
  const from = async (trustProxy: string, forwardedFor: string) => {
    const server = await createTestServer({ env: { TRUST_PROXY: trustProxy } });
    servers.push(server);
    const base = await server.listen();
    const response = await fetch(`${base}/api/user/check-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ email: 'someone@example.com' }),
    });
    expect(response.status).toBe(200);
    return buckets(server);
  };

  it('skips the trusted proxies of a CIDR list and takes the first untrusted address from the right', async () => {
    expect(await from('127.0.0.0/8, 10.0.0.0/8', '1.2.3.4, 198.51.100.7, 10.0.0.2, 10.0.0.1')).toEqual([
      '198.51.100.7',
    ]);
  });

  it('skips as many hops as trusted', async () => {
    // The socket is the nearest proxy; each further trusted hop is one entry from the right.
    expect(await from('1', '1.2.3.4, 198.51.100.8, 10.0.0.1')).toEqual(['10.0.0.1']);
    expect(await from('2', '1.2.3.4, 198.51.100.8, 10.0.0.1')).toEqual(['198.51.100.8']);
    expect(await from('true', '198.51.100.8, 10.0.0.1')).toEqual(['10.0.0.1']);
  });

  it('uses the socket address when no proxy is trusted', async () => {
    expect(await from('0', '198.51.100.9')).toEqual(['127.0.0.1']);
  });
});
