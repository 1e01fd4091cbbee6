/** The server process: configuration, database, HTTP on one port, graceful shutdown. */
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { systemClock } from './clock';
import { createEventBus } from './events/event-bus';
import { createJobRunner } from './jobs/handlers';
import { createLogger } from './logging/logger';
import { createMailer } from './mail/mailer';
import { pgliteFolder } from './paths';
import { storageFromConfig } from './storage/storage-config';

const config = loadConfig();
const logger = createLogger(config.logLevel);

const database = await openDatabase(
  config.databaseUrl
    ? {
        kind: 'postgres',
        url: config.databaseUrl,
        onIdleError: (error) => logger.warn({ err: error }, 'idle database connection lost'),
      }
    : { kind: 'pglite', dataDir: pgliteFolder(config.dataDir) },
);
const mailer = createMailer({
  smtpUrl: config.smtpUrl,
  from: config.mailFrom,
  outboxDir: path.join(config.dataDir, 'outbox'),
  logger,
});
const storage = storageFromConfig(config.storage);
const events = await createEventBus({ logger, postgresUrl: config.databaseUrl });
const jobs = createJobRunner({
  database,
  clock: systemClock,
  logger,
  storage,
  events,
  mailer,
  publicUrl: config.publicUrl,
  whatsapp: { llm: config.llm, secretsKey: config.keys.secretsKey, graphUrl: config.whatsappGraphUrl },
  concurrency: config.jobConcurrency,
  extractMemoryMb: config.extractMemoryMb,
});
const app = createApp({ config, database, logger, mailer, clock: systemClock, storage, events, jobs });

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => {
  logger.info(
    { url: config.publicUrl, database: database.kind, mail: config.smtpUrl ? 'smtp' : 'outbox' },
    `Conversa is listening on http://${config.host}:${config.port}`,
  );
  // Jobs left by a previous run (or queued by other processes) start once the server is up.
  jobs.start();
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  // Stop accepting, let requests in flight finish (bounded), then close the database.
  const force = setTimeout(() => {
    logger.warn('requests still open after 10 s; closing anyway');
    process.exit(1);
  }, 10_000);
  force.unref();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Jobs in flight get a few seconds, then go back to the queue for the next start; live event
  // streams end so their connections do not hold the server open.
  await jobs.stop({ graceMs: 5_000 });
  await events.close();
  await closed;
  mailer.close();
  await database.close();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
