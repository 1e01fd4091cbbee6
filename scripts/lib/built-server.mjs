// The one way the browser journeys and the benchmarks start the real stack: the built server
// (`packages/server/dist/main.js`) in its own process on a free loopback port, with a throwaway
// DATA_DIR (embedded PGlite, mail outbox, uploads) that `stop()` removes, or the caller's own
// DATA_DIR, which it keeps (a journey that stops the server, changes its database and starts it again).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** How long a started server may take to answer `/api/health`. */
const STARTUP_MS = 120_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The built server's entry point. */
export const serverMain = path.join(root, 'packages', 'server', 'dist', 'main.js');

/**
 * Variables a started server never inherits from the caller's environment unless `env` names them:
 * no real mail server, no outside database, no provider sign-in, the default built folders.
 */
const isolated = [
  'SMTP_URL',
  'DATABASE_URL',
  'PUBLIC_URL',
  'ADMIN_DIR',
  'WIDGET_DIR',
  'GOOGLE_CLIENT_ID',
  'MICROSOFT_CLIENT_ID',
];

/**
 * A free TCP port on 127.0.0.1 (the kernel's choice; free when asked, so bind it soon).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(address.port));
    });
  });
}

/**
 * @typedef {object} BuiltServer
 * @property {string} url The server's base URL, e.g. `http://127.0.0.1:41234`.
 * @property {string} dataDir Its DATA_DIR (the mail outbox is `outbox/` inside).
 * @property {number} pid The server process's id (a test that kills it hard).
 * @property {() => Promise<void>} stop Stops the process and removes DATA_DIR unless the caller gave it.
 */

/**
 * Starts the built server with `env` added (`LOG_LEVEL` defaults to `warn`) and Node's `nodeArgs`;
 * resolves once `/api/health` answers, or rejects with the end of its log. `showLog` passes the
 * server's log through to this process's stderr (benchmarks); otherwise it is kept for errors only.
 * `dataDir` is an existing DATA_DIR to use (and keep) instead of a new one named `prefix…`.
 * @param {{ env?: Record<string, string>, nodeArgs?: string[], prefix?: string, showLog?: boolean, dataDir?: string }} [options]
 * @returns {Promise<BuiltServer>}
 */
export async function startBuiltServer({
  env = {},
  nodeArgs = [],
  prefix = 'conversa-',
  showLog = false,
  dataDir: given,
} = {}) {
  const dataDir = given ?? mkdtempSync(path.join(os.tmpdir(), prefix));
  const removeDataDir = () => {
    if (!given) rmSync(dataDir, { recursive: true, force: true });
  };
  const port = await freePort();
  /** @type {NodeJS.ProcessEnv} */
  const childEnv = { ...process.env, LOG_LEVEL: 'warn', ...env };
  for (const name of isolated) if (!(name in env)) delete childEnv[name];
  Object.assign(childEnv, { HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir });

  const child = spawn(process.execPath, ['--enable-source-maps', ...nodeArgs, serverMain], {
    env: childEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // The end of the log, for the error when it does not start.
  let log = '';
  child.stderr.on('data', (chunk) => {
    if (showLog) process.stderr.write(chunk);
    log = (log + chunk.toString()).slice(-4000);
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
    }
    removeDataDir();
  };

  const url = `http://127.0.0.1:${port}`;
  // A start takes 2-3 s on a quiet machine; measured 34 s with both cores loaded and Chromium busy
  // (PGlite's WebAssembly compiles, the migrations run). A wait for readiness, not a retry.
  const deadline = Date.now() + STARTUP_MS;
  for (;;) {
    if (child.exitCode !== null) {
      removeDataDir();
      throw new Error(`the server exited with code ${child.exitCode}:\n${log}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await stop();
      throw new Error(`the server did not answer within ${STARTUP_MS / 1000} s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, dataDir, pid: /** @type {number} */ (child.pid), stop };
}
