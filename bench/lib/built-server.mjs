// The built server (`packages/server/dist/main.js`) as its own process on a free port, with a
// temporary DATA_DIR (embedded PGlite, mail outbox), for benchmarks that need the real stack.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts the server with `env` added; resolves to `{ base, dataDir, stop }` once it answers. */
export async function startBuiltServer(env = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'conversa-bench-'));
  const port = await freePort();
  const childEnv = { ...process.env, LOG_LEVEL: 'warn', ...env, HOST: '127.0.0.1', PORT: String(port) };
  childEnv.DATA_DIR = dataDir;
  for (const name of ['SMTP_URL', 'DATABASE_URL', 'PUBLIC_URL']) if (!(name in env)) delete childEnv[name];
  const child = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
    env: childEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the server did not answer within 30 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        await new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGTERM');
        });
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
