/**
 * Loaded (`--import`) into the extraction child before anything else: the child reads a document
 * and answers over IPC, so it needs no network and no processes of its own. Node 20's permission
 * model cannot refuse sockets, so every way out is replaced here with one that throws: TCP, TLS,
 * UDP, DNS, HTTP(S), HTTP/2, fetch, WebSocket, child processes, worker threads and the raw bindings
 * under them. A parser tricked into reaching out (an external font, an XML entity, a link) fails
 * instead. Bundled on its own as dist/no-network.js.
 */
import childProcess from 'node:child_process';
import dgram from 'node:dgram';
import dns from 'node:dns';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import tls from 'node:tls';
import workerThreads from 'node:worker_threads';

/** The error every refused call throws. */
class NetworkDisabledError extends Error {
  readonly code = 'ERR_NETWORK_DISABLED';
  constructor(what: string) {
    super(`${what} is disabled in the extraction process`);
    this.name = 'NetworkDisabledError';
  }
}

const refuse = (what: string) =>
  function refused(): never {
    throw new NetworkDisabledError(what);
  };

/** Replaces each named function of `target` (those it has) with a refusal. */
function refuseAll(target: object, label: string, names: readonly string[]): void {
  for (const name of names) {
    if (typeof (target as Record<string, unknown>)[name] !== 'function') continue;
    Object.defineProperty(target, name, {
      value: refuse(`${label}.${name}`),
      writable: false,
      configurable: false,
    });
  }
}

const DNS_CALLS = [
  'lookup',
  'lookupService',
  'resolve',
  'resolve4',
  'resolve6',
  'resolveAny',
  'resolveCaa',
  'resolveCname',
  'resolveMx',
  'resolveNaptr',
  'resolveNs',
  'resolvePtr',
  'resolveSoa',
  'resolveSrv',
  'resolveTxt',
  'reverse',
] as const;

refuseAll(net, 'net', ['connect', 'createConnection', 'createServer']);
// Every TCP or IPC client socket, whoever builds it (http's agents, undici under fetch, tls).
refuseAll(net.Socket.prototype, 'net.Socket', ['connect']);
refuseAll(net.Server.prototype, 'net.Server', ['listen']);
refuseAll(tls, 'tls', ['connect', 'createServer']);
refuseAll(dgram, 'dgram', ['createSocket']);
refuseAll(dns, 'dns', DNS_CALLS);
refuseAll(dns.promises, 'dns.promises', DNS_CALLS);
refuseAll(dns.Resolver.prototype, 'dns.Resolver', DNS_CALLS);
refuseAll(dns.promises.Resolver.prototype, 'dns.promises.Resolver', DNS_CALLS);
refuseAll(http, 'http', ['request', 'get', 'createServer']);
refuseAll(https, 'https', ['request', 'get', 'createServer']);
refuseAll(http2, 'http2', ['connect', 'createServer', 'createSecureServer']);
refuseAll(childProcess, 'child_process', [
  'spawn',
  'spawnSync',
  'exec',
  'execSync',
  'execFile',
  'execFileSync',
  'fork',
]);
// A worker starts with fresh modules, without these refusals.
Object.defineProperty(workerThreads, 'Worker', { value: refuse('worker_threads.Worker'), writable: false });
for (const name of ['fetch', 'WebSocket', 'EventSource'] as const) {
  Object.defineProperty(globalThis, name, { value: refuse(name), writable: false, configurable: false });
}
// The raw bindings (tcp_wrap, udp_wrap, cares_wrap, process_wrap) the modules above are built on.
Object.defineProperty(process, 'binding', { value: refuse('process.binding'), writable: false });
Object.defineProperty(process, '_linkedBinding', {
  value: refuse('process._linkedBinding'),
  writable: false,
});
// Named imports (`import { connect } from 'node:net'`) see the refusals too.
syncBuiltinESMExports();
