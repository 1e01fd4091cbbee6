/**
 * No server-side request forgery (docs/architecture.md#websites): the crawler visits only http(s)
 * addresses without credentials, on hosts whose every resolved address is public unicast. The
 * address is checked where the socket connects (`guardedLookup`, the connect `lookup` of the
 * crawler's undici Agent), so a name that resolves to a public address when the site is added and
 * to a private one later (DNS rebinding) is refused at the connection itself, on every request and
 * every redirect. `CRAWL_ALLOW_PRIVATE=true` lifts the address rule (intranets, tests); the scheme
 * and credentials rules hold always.
 */
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** Why an address may not be crawled: its scheme, its credentials, or where it resolves. */
export class UrlNotAllowedError extends Error {
  constructor(
    readonly url: string,
    readonly why: 'scheme' | 'credentials' | 'address',
  ) {
    super(`url not allowed (${why})`);
    this.name = 'UrlNotAllowedError';
  }
}

export const isUrlNotAllowed = (error: unknown): error is UrlNotAllowedError =>
  error instanceof UrlNotAllowedError ||
  (error instanceof Error && error.cause instanceof UrlNotAllowedError) ||
  (error instanceof Error && isUrlNotAllowed(error.cause));

/** A resolved address, as `dns.lookup(…, {all: true})` answers them. */
export interface Resolved {
  address: string;
  family: number;
}
/** Resolves a host name to all its addresses (`dns.lookup` by default; tests give their own). */
export type Resolver = (hostname: string) => Promise<Resolved[]>;

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true });

export interface GuardOptions {
  /** CRAWL_ALLOW_PRIVATE: any address may be crawled. */
  allowPrivate: boolean;
  resolve?: Resolver;
  /** Which resolved addresses may be visited (default: public unicast ones; tests name their own). */
  allowed?: (address: string) => boolean;
}

const allowedBy = (options: GuardOptions) => options.allowed ?? isPublicAddress;

/** True for a public unicast address: not loopback, private, link-local (cloud metadata), unique-local, reserved… */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** Refuses a non-http(s) scheme and credentials in the address (whatever CRAWL_ALLOW_PRIVATE says). */
export function checkUrlShape(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlNotAllowedError(raw, 'scheme');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UrlNotAllowedError(raw, 'scheme');
  if (url.username !== '' || url.password !== '') throw new UrlNotAllowedError(raw, 'credentials');
  return url;
}

/** The host of a URL as the socket would connect to it (IPv6 literals without brackets). */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Checks a whole address before anything is stored or queued: its shape, then where its host
 * resolves now (the connection checks again; see `guardedLookup`). Throws UrlNotAllowedError.
 */
export async function checkCrawlUrl(raw: string, options: GuardOptions): Promise<URL> {
  const url = checkUrlShape(raw);
  if (options.allowPrivate) return url;
  const host = hostOf(url);
  const addresses = net.isIP(host)
    ? [{ address: host, family: net.isIP(host) }]
    : await (options.resolve ?? systemResolver)(host).catch(() => []);
  // A host that does not resolve is left to the crawl (it will say `unreachable`).
  if (addresses.some((entry) => !allowedBy(options)(entry.address)))
    throw new UrlNotAllowedError(raw, 'address');
  return url;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | Resolved[],
  family?: number,
) => void;

/**
 * A `lookup` for sockets that resolves with `resolve` and refuses (UrlNotAllowedError) when any
 * address is not public: what the socket connects to is what was checked.
 */
export function guardedLookup(options: GuardOptions) {
  const resolve = options.resolve ?? systemResolver;
  return (hostname: string, lookupOptions: { all?: boolean }, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        if (addresses.length === 0) {
          callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
          return;
        }
        if (!options.allowPrivate && addresses.some((entry) => !allowedBy(options)(entry.address))) {
          callback(new UrlNotAllowedError(hostname, 'address') as NodeJS.ErrnoException, '');
          return;
        }
        if (lookupOptions.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

/**
 * Checks one hop's URL before it is requested: its shape, and an address written as an IP literal
 * (a socket connects to a literal without any lookup, so `guardedLookup` never sees it).
 */
export function checkHop(raw: string, options: GuardOptions): URL {
  const url = checkUrlShape(raw);
  const host = hostOf(url);
  if (!options.allowPrivate && net.isIP(host) && !allowedBy(options)(host)) {
    throw new UrlNotAllowedError(raw, 'address');
  }
  return url;
}
