// A throwaway PostgreSQL cluster for the tests and benchmarks: Debian's server binaries, a temporary
// data folder, a free loopback port, trust auth, durability off. Installs the server as root on
// Debian when it is missing; otherwise fails with the exact install command (never skips).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './built-server.mjs';

function findBinDir() {
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length > 0) return path.join(base, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return path.dirname(which.stdout.trim());
  return null;
}

function installServer() {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      'PostgreSQL server binaries not found. Install them and run again: sudo apt-get install -y postgresql',
    );
  }
  console.log('conversa: installing PostgreSQL with apt-get (one time)');
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

function userIds(name) {
  const result = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  if (result.status !== 0) return null;
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  return { uid: Number(result.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

async function waitForPort(port, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`postgres exited with code ${child.exitCode}`);
    const ok = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('postgres did not start within 30 s');
}

/** Starts a fresh cluster; resolves to `{ url, stop }`. */
export async function startPostgres() {
  let binDir = findBinDir();
  if (!binDir) {
    installServer();
    binDir = findBinDir();
    if (!binDir) throw new Error('PostgreSQL was installed but initdb is still not found');
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'conversa-pg-'));
  // PostgreSQL refuses to run as root: run it as the `postgres` user that Debian's package creates.
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? userIds('postgres') : null;
  if (asRoot && !owner)
    throw new Error('running as root, but there is no `postgres` user to run PostgreSQL as');
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const spawnOptions = owner ? { uid: owner.uid, gid: owner.gid } : {};
  const dataDir = path.join(dir, 'data');

  execFileSync(
    path.join(binDir, 'initdb'),
    ['-D', dataDir, '-U', 'conversa', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync'],
    { stdio: 'ignore', ...spawnOptions },
  );
  const port = await freePort();
  const logFile = path.join(dir, 'postgres.log');
  const logFd = openSync(logFile, 'a');
  const child = spawn(
    path.join(binDir, 'postgres'),
    [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=200',
    ],
    // Its log goes to a file, not a pipe: a pipe is drained only while this process's event loop
    // runs, and a caller waiting in spawnSync (with-postgres.mjs) left it full, so the server
    // blocked writing a line (PostgreSQL 15 logs every checkpoint, and each CREATE or DROP
    // DATABASE waits for one): the tests' database drops hung.
    { stdio: ['ignore', logFd, logFd], ...spawnOptions },
  );
  closeSync(logFd);
  try {
    await waitForPort(port, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${error.message}\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
  }
  // A connection right after the port opens can still see "the database system is starting up".
  await new Promise((r) => setTimeout(r, 300));
  const version = path.basename(path.dirname(binDir));
  console.log(`conversa: PostgreSQL ${version} on 127.0.0.1:${port}`);

  return {
    url: `postgres://conversa@127.0.0.1:${port}/postgres`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGINT'); // fast shutdown
      }),
  };
}
