/**
 * The data dir's control socket (`DATA_DIR/control.sock`, reachable only by the user who runs the
 * server: DATA_DIR is 0700 and the socket 0600; a client checks the folder is private before it
 * connects, and a DATA_DIR too deep for a socket path has its socket in a new 0700 folder with a
 * random name, see CONTROL_SOCKET_LINK). The embedded database belongs to one process, so
 * `npm run backup` asks that process for a snapshot here; the same socket claims the data dir: a
 * second server, a backup or a restore finds it answering and stops before opening the database
 * (two processes on one PGlite folder would corrupt it).
 */
import { randomBytes } from 'node:crypto';
import {
  chmod,
  lstat,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  rmdir,
  unlink,
  writeFile,
} from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { makePrivateDirAsync, PRIVATE_DIR, PRIVATE_FILE } from '../paths';
import type { Storage } from '../storage/storage';
import { type DeferringStorage, deferDeletions } from './deferring-storage';
import { pgliteOf, takeSnapshot } from './snapshot';

export const CONTROL_SOCKET = 'control.sock';
/**
 * When `DATA_DIR/control.sock` is too long a path for a Unix socket (about 100 bytes), the socket
 * lives in a new folder of the temporary folder with a random name (mkdtemp: 0700), and this file
 * in DATA_DIR names it. Never a name another user could guess and take first.
 */
export const CONTROL_SOCKET_LINK = '.control-socket';
const MAX_SOCKET_PATH = 100;

/** Where the socket goes when DATA_DIR's path is too long: `conversa-XXXXXX` folders. */
const SOCKET_FOLDER_PREFIX = 'conversa-';

/** A folder only its owner (this user, or root acting for it) may enter, which no link stands for. */
async function checkPrivateFolder(folder: string): Promise<void> {
  const info = await lstat(folder);
  const uid = process.getuid?.();
  if (
    !info.isDirectory() ||
    (info.mode & 0o077) !== 0 ||
    (uid !== undefined && uid !== 0 && info.uid !== uid)
  ) {
    throw new Error(
      `the control socket's folder ${folder} is not private: only its owner may enter it (0700), ` +
        'and it must be the user who runs the server',
    );
  }
}

/**
 * The path of a data dir's control socket for a client, its folder checked to be private; null
 * when there is none (no DATA_DIR, nothing listening, a link left by a process that ended).
 */
export async function findControlSocket(dataDir: string): Promise<string | null> {
  const inside = path.join(dataDir, CONTROL_SOCKET);
  let socketPath: string;
  if (Buffer.byteLength(inside) <= MAX_SOCKET_PATH) {
    socketPath = inside;
  } else {
    try {
      socketPath = (await readFile(path.join(dataDir, CONTROL_SOCKET_LINK), 'utf8')).trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
  try {
    await checkPrivateFolder(path.dirname(socketPath));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return socketPath;
}

/** Removes the socket folder a link names (left by a process that ended), and the link. */
async function removeSocketFolder(dataDir: string): Promise<void> {
  const link = path.join(dataDir, CONTROL_SOCKET_LINK);
  const named = await readFile(link, 'utf8').then(
    (text) => text.trim(),
    () => null,
  );
  if (named !== null) {
    const folder = path.dirname(named);
    // Only a folder of ours, as we make them: its socket, then the (then empty) folder itself.
    if (path.dirname(folder) === os.tmpdir() && path.basename(folder).startsWith(SOCKET_FOLDER_PREFIX)) {
      await unlink(path.join(folder, CONTROL_SOCKET)).catch(() => undefined);
      await rmdir(folder).catch(() => undefined);
    }
  }
  await unlink(link).catch(() => undefined);
}

/** Where a claim listens: `DATA_DIR/control.sock`, or a new private folder named in DATA_DIR. */
async function newSocketPath(dataDir: string): Promise<string> {
  const inside = path.join(dataDir, CONTROL_SOCKET);
  if (Buffer.byteLength(inside) <= MAX_SOCKET_PATH) return inside;
  const folder = await mkdtemp(path.join(os.tmpdir(), SOCKET_FOLDER_PREFIX));
  await chmod(folder, PRIVATE_DIR);
  const socketPath = path.join(folder, CONTROL_SOCKET);
  const link = path.join(dataDir, CONTROL_SOCKET_LINK);
  const partial = `${link}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(partial, socketPath, { mode: PRIVATE_FILE, flag: 'wx' });
  await rename(partial, link);
  return socketPath;
}
/** Leftovers of a backup or restore that was stopped half-way, removed when the data dir is next claimed. */
const LEFTOVER = /^\.(backup|restore)-/;
/** Who holds a data dir: the process answering on its control socket. */
export interface Holder {
  role: 'server' | 'backup' | 'restore';
  pid: number;
}

type Request = { command: 'who' } | { command: 'snapshot' };
type Reply = { ok: true; holder: Holder; staging?: string } | { ok: false; holder: Holder; error: string };

/** Sends one request to a data dir's control socket; null when nothing answers there. */
export async function askControl(dataDir: string, request: Request): Promise<Reply | null> {
  const socketPath = await findControlSocket(dataDir);
  if (socketPath === null) return null;
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(text) as Reply);
      } catch {
        reject(new Error(`unreadable answer on ${socketPath}`));
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // No socket, or one left by a process that ended: nobody holds the data dir.
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
  });
}

/** A data dir held by another process. */
export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: Holder,
  ) {
    const what = holder.role === 'server' ? 'A Conversa server' : `A ${holder.role}`;
    super(`${what} (pid ${holder.pid}) is using DATA_DIR ${dataDir}.`);
  }
}

/** A claimed data dir: its control socket answers for this process until `release`. */
export interface ControlChannel {
  /**
   * Starts answering snapshot requests (a server, once its database and storage are open): returns
   * the storage to use, whose deletions snapshots can hold back.
   */
  serve(deps: { database: Database; storage: Storage; logger: Logger }): DeferringStorage;
  release(): Promise<void>;
}

/**
 * Claims a data dir for this process: throws `DataDirBusyError` when another process answers on its
 * control socket, else listens there (replacing a socket left by a process that ended).
 */
export async function claimDataDir(dataDir: string, role: Holder['role']): Promise<ControlChannel> {
  const holder: Holder = { role, pid: process.pid };
  await makePrivateDirAsync(dataDir);
  const other = await askControl(dataDir, { command: 'who' });
  if (other) throw new DataDirBusyError(dataDir, other.holder);
  // A socket (or a socket folder) left by a process that ended.
  await unlink(path.join(dataDir, CONTROL_SOCKET)).catch(() => undefined);
  await removeSocketFolder(dataDir);
  const socketPath = await newSocketPath(dataDir);
  for (const name of await readdir(dataDir)) {
    if (LEFTOVER.test(name)) await rm(path.join(dataDir, name), { recursive: true, force: true });
  }

  let snapshot: (() => Promise<string>) | null = null;
  const answer = async (request: Request): Promise<Reply> => {
    if (request.command === 'who') return { ok: true, holder };
    if (!snapshot) {
      const why = role === 'server' ? 'is still starting; try again in a moment' : 'does not take snapshots';
      return { ok: false, holder, error: `the ${role} holding DATA_DIR ${why}` };
    }
    try {
      return { ok: true, holder, staging: await snapshot() };
    } catch (error) {
      return { ok: false, holder, error: (error as Error).message };
    }
  };
  const server = net.createServer((socket) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      text += chunk;
      const newline = text.indexOf('\n');
      if (newline < 0) return;
      let request: Request;
      try {
        request = JSON.parse(text.slice(0, newline)) as Request;
      } catch {
        socket.end(`${JSON.stringify({ ok: false, holder, error: 'bad request' })}\n`);
        return;
      }
      void answer(request).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(socketPath, PRIVATE_FILE);

  return {
    serve({ database, storage, logger }) {
      const deferring = deferDeletions(storage, logger);
      const client = pgliteOf(database);
      snapshot = async () => {
        const started = performance.now();
        const staging = await takeSnapshot({ dataDir, client, storage: deferring, takenBy: 'server' });
        logger.info({ ms: Math.round(performance.now() - started) }, 'backup snapshot taken');
        return staging;
      };
      return deferring;
    },
    async release() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await unlink(socketPath).catch(() => undefined);
      await removeSocketFolder(dataDir);
    },
  };
}
