/**
 * The server process: configuration, database, HTTP on one port, jobs (by ROLE: `all` both, `web`
 * HTTP only, `worker` jobs and the probes only), graceful shutdown.
 */
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { claimDataDir, DataDirBusyError } from './backup';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { stopExtractProcesses } from './knowledge';
import { stopHtmlThread } from './websites';
import { createLogger } from './logging/logger';
import { pgliteFolder } from './paths';
import { createServer } from './server';

const config = loadConfig();
const logger = createLogger(config.logLevel);

// On PGlite this process holds DATA_DIR (its control socket refuses a second server and serves
// `npm run backup` snapshots): claimed before the database opens.
const control = config.databaseUrl
  ? null
  : await claimDataDir(config.dataDir, 'server').catch((error: unknown) => {
      if (!(error instanceof DataDirBusyError)) throw error;
      logger.fatal(`${error.message} One PGlite data dir serves one process: stop it first.`);
      process.exit(1);
    });

const database = await openDatabase(
  config.databaseUrl
    ? {
        kind: 'postgres',
        url: config.databaseUrl,
        onIdleError: (error) => logger.warn({ err: error }, 'idle database connection lost'),
      }
    : { kind: 'pglite', dataDir: pgliteFolder(config.dataDir) },
);
const { app, jobs, events, mailer } = await createServer(config, {
  database,
  logger,
  control,
  processMetrics: true,
});

// A plain HTTP/1.1 server (serve's default), whose connections shutdown() closes.
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => {
  logger.info(
    {
      url: config.publicUrl,
      database: database.kind,
      mail: config.smtpUrl ? 'smtp' : 'outbox',
      role: config.role,
    },
    `Conversa is listening on http://${config.host}:${config.port}`,
  );
  // Jobs left by a previous run (or queued by other processes) start once the server is up; a web
  // process (ROLE=web) runs none.
  jobs.start();
}) as Server;

/** What requests and jobs in flight get on SIGTERM before they are cut or handed back (SHUTDOWN_GRACE_MS). */
const GRACE_MS = config.shutdownGraceMs;
/** The deadline of a stop that hangs (a database that does not answer): within 30 s. */
const FORCE_EXIT_MS = 28_000;

let stopping = false;
/**
 * Stops within 30 s: no new connections (idle keep-alive ones close at once, busy ones when their
 * answer is sent), live event streams end (their clients reconnect to another process), requests
 * and jobs in flight get GRACE_MS, then open connections are cut and unfinished jobs handed back to
 * the queue (the next process runs them at once); then the database closes and the process exits 0.
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    logger.warn(`still stopping after ${FORCE_EXIT_MS / 1000} s; exiting anyway`);
    process.exit(1);
  }, FORCE_EXIT_MS);
  force.unref();

  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // server.close() closes the connections idle now; a keep-alive connection whose request ends
  // later becomes idle then, and is closed on the next tick of this.
  const idle = setInterval(() => server.closeIdleConnections(), 200);
  events.endStreams();
  let graceTimer: NodeJS.Timeout | undefined;
  const requests = Promise.race([
    closed,
    new Promise<void>((resolve) => {
      graceTimer = setTimeout(() => {
        logger.warn(`requests still open after ${GRACE_MS / 1000} s; closing their connections`);
        server.closeAllConnections();
        resolve();
      }, GRACE_MS);
    }),
  ]);
  await Promise.all([requests, jobs.stop({ graceMs: GRACE_MS })]);
  clearTimeout(graceTimer);
  // The warm document-extraction process waiting for the next upload, and the crawler's HTML thread.
  stopExtractProcesses();
  stopHtmlThread();
  await closed;
  clearInterval(idle);
  await events.close();
  mailer.close();
  await control?.release();
  await database.close();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
