/**
 * The client's IP address, for rate limits. Behind proxies it is read from the right of
 * X-Forwarded-For: each trusted proxy appends the address it saw, so only the entries added by our
 * own proxies can be believed; anything further left was written by the client and may be forged.
 * proxy-addr (Express's implementation) walks the list that way.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import proxyAddr from 'proxy-addr';
import type { Config } from '../config';

const compiled = new WeakMap<Config, (address: string, hop: number) => boolean>();

function trustOf(config: Config) {
  let trust = compiled.get(config);
  if (!trust) {
    const setting = config.trustProxy;
    trust = typeof setting === 'number' ? (_address, hop) => hop < setting : proxyAddr.compile(setting);
    compiled.set(config, trust);
  }
  return trust;
}

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // `app.request()` in tests has no socket.
    return undefined;
  }
}

/** The first untrusted address counted from the socket leftwards through X-Forwarded-For. */
export function clientIp(c: Context, config: Config): string {
  const socket = socketAddress(c);
  if (config.trustProxy === 0) return socket ?? 'unknown';
  const forwardedFor = c.req.header('x-forwarded-for');
  const request = {
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    socket: { remoteAddress: socket },
    connection: { remoteAddress: socket },
  };
  return proxyAddr(request as never, trustOf(config)) || 'unknown';
}
