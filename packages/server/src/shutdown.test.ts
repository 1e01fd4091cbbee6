/**
 * A graceful stop of the real server process (src/main.ts in a child process, through tsx): on
 * SIGTERM it refuses new connections, closes idle keep-alive ones, ends live event streams, hands
 * back the job it was running (a mail stuck on an SMTP server that never answers) once the grace
 * period is over, and exits 0 well within 30 s.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { eq } from 'drizzle-orm';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { jobs } from './db/schema';
import { eventually, openEvents } from './testing/files.fixtures';
import { createTenant } from './testing/institutions.fixtures';
import { createTestServer, createUser } from './testing';
import { SEND_RESET_MAIL } from './users/password-mails.job';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
/** The stop's grace period here: long enough to look at the process while it stops. */
const GRACE_MS = 8_000;

/** A TCP port free now on the loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Whether a new TCP connection to `port` is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/** A keep-alive connection that has had one answer and now sits idle; `closed` settles when the server closes it. */
async function idleKeepAlive(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  let received = '';
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.on('data', (chunk) => {
      received += chunk.toString();
      if (received.includes('"status":"ok"')) resolve();
    });
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
  });
  expect(received).toMatch(/^HTTP\/1\.1 200/);
  return { closed };
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

it('on SIGTERM refuses new connections, ends streams and idle connections, hands back its job, exits 0', async () => {
  // The database first (migrated, with a user and a tenant), then the process on it.
  const setup = await createTestServer({ durable: true, runJobs: false });
  const user = await createUser(setup);
  const tenant = await createTenant(setup, { name: 'Shutdown School', kind: 'school' });
  await setup.close();

  // An SMTP server that accepts and never greets: the reset mail's job runs until it is stopped.
  const smtpConnections: net.Socket[] = [];
  const smtp = net.createServer((socket) => smtpConnections.push(socket));
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.address() as net.AddressInfo).port;

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: setup.location.dataDir,
      ...(setup.location.kind === 'postgres' ? { DATABASE_URL: setup.location.url } : {}),
      // The test server's (testing/index.ts): its tokens hold here.
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
      PUBLIC_URL: setup.config.publicUrl,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ADMIN_DIR: '',
      WIDGET_DIR: '',
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const exit = exited(child);

  let after: Awaited<ReturnType<typeof createTestServer>> | null = null;
  try {
    await eventually(async () => {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${log}`);
      return fetch(`${baseUrl}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
    }, 60_000);

    // A job running: the reset mail, stuck on the SMTP server.
    const reset = await fetch(`${baseUrl}/api/user/password/request-reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email }),
    });
    expect(reset.status).toBeLessThan(300);
    await eventually(() => smtpConnections.length > 0, 20_000);
    // A live event stream and an idle keep-alive connection.
    const stream = await openEvents(baseUrl, tenant);
    expect(stream.response.status).toBe(200);
    const keepAlive = await idleKeepAlive(port);

    const signalled = Date.now();
    child.kill('SIGTERM');
    // While the job still has its grace period: the stream ends, the idle connection closes, and
    // nobody new gets in.
    await stream.ended;
    await keepAlive.closed;
    expect(await refused(port)).toBe(true);
    expect(child.exitCode).toBeNull();

    expect(await exit).toBe(0);
    const took = Date.now() - signalled;
    expect(took).toBeGreaterThanOrEqual(GRACE_MS - 500);
    expect(took).toBeLessThan(30_000);

    // The job is back in the queue, due now, its attempt not counted, no lease left behind.
    after = await createTestServer({ reopen: setup.location, runJobs: false });
    const [job] = await after.database.db.select().from(jobs).where(eq(jobs.kind, SEND_RESET_MAIL));
    expect(job).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null, lockedUntil: null });
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await exit;
    for (const socket of smtpConnections) socket.destroy();
    smtp.close();
    // The reopened server drops the database and the data dir; without it, a server reopened now does.
    await (after ?? (await createTestServer({ reopen: setup.location, runJobs: false }))).close();
  }
}, 120_000);
