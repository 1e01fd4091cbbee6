/**
 * No server-side request forgery (docs/architecture.md#websites): the address rule holds where the
 * socket connects, on every hop; schemes and credentials are refused whatever CRAWL_ALLOW_PRIVATE
 * says. Against real local servers: a refused request never reaches them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalSite, startLocalSite } from '../testing/local-site';
import { createCrawlerFetch } from './crawler-fetch';
import { checkCrawlUrl, isPublicAddress, isUrlNotAllowed, type Resolver } from './url-guard';

let site: LocalSite;
let inner: LocalSite;

beforeAll(async () => {
  site = await startLocalSite('127.0.0.1');
  // The "internal service": listening on every address, so 127.0.0.2 reaches it too.
  inner = await startLocalSite('0.0.0.0');
  inner.set('/secret', { body: 'internal secret', type: 'text/plain' });
});
afterAll(async () => {
  await site.close();
  await inner.close();
});

const within = () => true;
const names =
  (table: Record<string, string>): Resolver =>
  async (hostname) => {
    const address = table[hostname];
    if (!address) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };
const port = (origin: string) => new URL(origin).port;

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local (cloud metadata), unique-local and mapped forms', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:2800:220:1:248:1893:25c8:1946')).toBe(true);
  });
});

describe('checkCrawlUrl', () => {
  const strict = {
    allowPrivate: false,
    resolve: names({ 'school.test': '93.184.216.34', 'evil.test': '127.0.0.1' }),
  };

  it('refuses other schemes and credentials, even when private addresses are allowed', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://school.test/',
      'gopher://school.test/',
      'http://user:pw@school.test/',
    ]) {
      await expect(checkCrawlUrl(url, { allowPrivate: true })).rejects.toSatisfy(isUrlNotAllowed);
    }
  });

  it('refuses a host that resolves to a private address, and private literals', async () => {
    await expect(checkCrawlUrl('http://evil.test/', strict)).rejects.toSatisfy(isUrlNotAllowed);
    await expect(checkCrawlUrl('http://169.254.169.254/latest/meta-data/', strict)).rejects.toSatisfy(
      isUrlNotAllowed,
    );
    await expect(checkCrawlUrl('http://[::1]:8080/', strict)).rejects.toSatisfy(isUrlNotAllowed);
    await expect(checkCrawlUrl('https://school.test/admissions', strict)).resolves.toBeInstanceOf(URL);
  });
});

describe('the crawler fetch', () => {
  it('refuses at the connection a host resolving to 127.0.0.1: the site sees no request', async () => {
    site.set('/', { body: '<p>hello</p>' });
    const before = site.requests.length;
    const fetcher = createCrawlerFetch({
      allowPrivate: false,
      userAgent: 'test',
      resolve: names({ 'public.test': '127.0.0.1' }),
    });
    const outcome = await fetcher.fetchPage(`http://public.test:${port(site.origin)}/`, { within });
    expect(outcome).toEqual({ ok: false, reason: 'url_not_allowed' });
    expect(site.requests.length).toBe(before);
    await fetcher.close();
  });

  it('checks the address connected to, not the one checked before (DNS rebinding)', async () => {
    let answers = 0;
    // Public when the site is added, loopback by the time the crawler connects.
    const rebinding: Resolver = async () => [
      { address: answers++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 },
    ];
    const options = { allowPrivate: false, resolve: rebinding };
    const url = `http://rebind.test:${port(site.origin)}/`;
    await expect(checkCrawlUrl(url, options)).resolves.toBeInstanceOf(URL);
    const fetcher = createCrawlerFetch({ ...options, userAgent: 'test' });
    expect(await fetcher.fetchPage(url, { within })).toEqual({ ok: false, reason: 'url_not_allowed' });
    await fetcher.close();
  });

  it('refuses a redirect to a private address, by literal or by name', async () => {
    const secret = (host: string) => `http://${host}:${port(inner.origin)}/secret`;
    site.set('/to-literal', { status: 302, headers: { location: secret('127.0.0.2') } });
    site.set('/to-name', { status: 302, headers: { location: secret('internal.test') } });
    const fetcher = createCrawlerFetch({
      allowPrivate: false,
      userAgent: 'test',
      resolve: names({ 'site.test': '127.0.0.1', 'internal.test': '127.0.0.2' }),
      // This test's site stands for a public one; every other address keeps the rule.
      allowed: (address) => address === '127.0.0.1',
    });
    for (const path of ['/to-literal', '/to-name']) {
      const outcome = await fetcher.fetchPage(`http://site.test:${port(site.origin)}${path}`, { within });
      expect(outcome, path).toEqual({ ok: false, reason: 'url_not_allowed' });
    }
    expect(inner.requests).toEqual([]);
    // With the address rule lifted (CRAWL_ALLOW_PRIVATE), the same redirect is followed.
    const open = createCrawlerFetch({ allowPrivate: true, userAgent: 'test' });
    const followed = await open.fetchPage(site.url('/to-literal'), { within });
    expect(followed).toMatchObject({ ok: true, status: 200 });
    expect(inner.requests).toHaveLength(1);
    await fetcher.close();
    await open.close();
  });

  it('keeps to the per-page limits: too large, too slow', async () => {
    site.set('/big', { body: 'x'.repeat(2048), type: 'text/plain' });
    site.set('/slow', { body: 'late', delayMs: 1_500 });
    const fetcher = createCrawlerFetch({
      allowPrivate: true,
      userAgent: 'test',
      maxBytes: 1024,
      timeoutMs: 500,
    });
    expect(await fetcher.fetchPage(site.url('/big'), { within })).toMatchObject({
      ok: false,
      reason: 'too_large',
    });
    expect(await fetcher.fetchPage(site.url('/slow'), { within })).toMatchObject({
      ok: false,
      reason: 'timed_out',
    });
    await fetcher.close();
  });
});
