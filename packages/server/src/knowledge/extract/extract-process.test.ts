/**
 * The extraction child is given none of the server's environment (its secrets) and cannot reach
 * the network: what a hostile document makes a parser do stays inside the child.
 */
import { fork } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractForkOptions, startExtractProcess } from './extract-process';

const SECRET = 'a-secret-of-the-server-0123456789abcdef';
const SECRET_NAMES = ['JWT_SECRET', 'WHATSAPP_SECRETS_KEY', 'DATABASE_URL', 'CONVERSA_TEST_SECRET'];
const saved = new Map(SECRET_NAMES.map((name) => [name, process.env[name]]));
beforeAll(() => {
  for (const name of SECRET_NAMES) process.env[name] = SECRET;
});
afterAll(() => {
  for (const [name, value] of saved) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/** What a process started with the extraction child's options tries, and how each attempt ends. */
const PROBE = `
import childProcess from 'node:child_process';
import dns from 'node:dns';
import http from 'node:http';
import net from 'node:net';
import { connect } from 'node:net';
import tls from 'node:tls';
import { Worker } from 'node:worker_threads';
const port = Number(process.argv[2]);
const attempt = async (run) => {
  try {
    await run();
    return 'allowed';
  } catch (error) {
    return error.code ?? error.message;
  }
};
const connected = (socket) =>
  new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
const outcomes = {
  netConnect: await attempt(() => connected(net.connect(port, '127.0.0.1'))),
  namedConnect: await attempt(() => connected(connect(port, '127.0.0.1'))),
  socket: await attempt(() => connected(new net.Socket().connect(port, '127.0.0.1'))),
  tls: await attempt(() => connected(tls.connect(port, '127.0.0.1'))),
  fetch: await attempt(() => fetch('http://127.0.0.1:' + port + '/')),
  http: await attempt(
    () => new Promise((resolve, reject) => http.get('http://127.0.0.1:' + port + '/', resolve).on('error', reject)),
  ),
  dns: await attempt(() => dns.promises.lookup('localhost')),
  binding: await attempt(() => process.binding('tcp_wrap')),
  spawn: await attempt(() => childProcess.execFileSync('true')),
  worker: await attempt(() => new Worker('1', { eval: true })),
};
process.send({ outcomes, env: process.env }, () => process.exit(0));
`;

describe('the extraction child process', () => {
  it('is given PATH and NODE_ENV only, none of the server’s secrets', async () => {
    const started = startExtractProcess(64, false);
    try {
      await started.ready;
      const environ = await readFile(`/proc/${started.child.pid}/environ`, 'utf8');
      const names = environ
        .split('\0')
        .filter(Boolean)
        .map((entry) => entry.slice(0, entry.indexOf('=')));
      expect(names.length).toBeGreaterThan(0);
      // Node's own IPC channel variables (the child's process.env drops them at start) aside.
      const given = names.filter((name) => !name.startsWith('NODE_CHANNEL_'));
      expect(given.length).toBeGreaterThan(0);
      for (const name of given) expect(['PATH', 'NODE_ENV']).toContain(name);
      expect(environ).not.toContain(SECRET);
    } finally {
      started.child.kill('SIGKILL');
    }
  });

  it('cannot open a connection, look a name up, start a process or a thread', async () => {
    let connections = 0;
    const listener = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const { port } = listener.address() as AddressInfo;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'conversa-probe-'));
    const probe = path.join(dir, 'probe.mjs');
    await writeFile(probe, PROBE);
    try {
      const child = fork(probe, [String(port)], {
        ...extractForkOptions(64),
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      const report = await new Promise<{ outcomes: Record<string, string>; env: Record<string, string> }>(
        (resolve, reject) => {
          child.once('message', (message) => resolve(message as never));
          child.once('exit', (code) => reject(new Error(`the probe exited (code ${code}) without a report`)));
        },
      );
      expect(Object.keys(report.outcomes)).toHaveLength(10);
      for (const [what, outcome] of Object.entries(report.outcomes)) {
        expect(`${what}: ${outcome}`).toBe(`${what}: ERR_NETWORK_DISABLED`);
      }
      expect(Object.keys(report.env).every((name) => name === 'PATH' || name === 'NODE_ENV')).toBe(true);
      expect(connections).toBe(0);
    } finally {
      listener.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
