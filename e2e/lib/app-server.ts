// The real stack for the journeys: the built server (API + admin console) as its own process on a
// free port, with a temporary DATA_DIR (embedded PGlite, mail outbox) removed afterwards.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { adminDist, serverMain, widgetDist } from './paths';

/** A running server. */
export interface AppServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Why the stack cannot start (a build is missing), or null. */
export function missingBuild(): string | null {
  const missing = [
    serverMain,
    path.join(adminDist, 'index.html'),
    path.join(widgetDist, 'embed.js'),
    path.join(widgetDist, 'chat.js'),
  ].filter((file) => !existsSync(file));
  if (missing.length === 0) return null;
  return `not built: ${missing.join(', ')}. Run \`npm run build\` (npm test builds them itself).`;
}

/** Starts the built server; resolves once `/api/health` answers. */
export async function startAppServer(env: Record<string, string>): Promise<AppServer> {
  const problem = missingBuild();
  if (problem) throw new Error(problem);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'conversa-e2e-'));
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  // Never a real mail server or an outside database: mail goes to the outbox, data to PGlite.
  for (const name of [
    'SMTP_URL',
    'DATABASE_URL',
    'PUBLIC_URL',
    'ADMIN_DIR',
    'WIDGET_DIR',
    'GOOGLE_CLIENT_ID',
    'MICROSOFT_CLIENT_ID',
  ])
    if (!(name in env)) delete childEnv[name];
  const child = spawn(process.execPath, ['--enable-source-maps', serverMain], {
    env: childEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}:\n${log}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within 30 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
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
