/**
 * The one composition of the server: from a configuration and an opened database, the mailer,
 * storage, event bus, job runner (every job kind: `job-registry.ts`), metrics and the HTTP app.
 * `main.ts` serves it; the tests (`testing/`) build theirs with it, so both run the same wiring.
 */
import type { Logger } from 'pino';
import path from 'node:path';
import { createApp } from './app';
import { SessionCache } from './auth/session-cache';
import type { ControlChannel } from './backup/control-socket';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { CrawlTuning } from './job-registry';
import type { Database } from './db/database';
import { createEventBus } from './events/event-bus';
import { createJobRunner } from './job-registry';
import { enqueueStaleEmbeddings } from './knowledge';
import { createMailer } from './mail/mailer';
import { createMetrics } from './meta';
import { queueRetentionRuns } from './privacy';
import type { Storage } from './storage/storage';
import { storageFromConfig } from './storage/storage-config';

/** What the caller brings; everything else is made from the configuration. */
export interface ServerParts {
  database: Database;
  logger: Logger;
  /** Default: the system clock (tests move their own). */
  clock?: Clock;
  /** The PGlite data dir's control channel (backups): uploads then defer to snapshots. */
  control?: ControlChannel | null;
  /** Another process's storage, for a second process on the same data (default: from the configuration). */
  storage?: Storage;
  /** How often the job runner looks for jobs no one announced (default: the runner's). */
  pollMs?: number;
  /** Count the process's own metrics (CPU, heap) too: once per process (default false). */
  processMetrics?: boolean;
  /** The website crawler's limits and batch length (tests shorten them; default: the contract's). */
  crawl?: CrawlTuning;
}

export type Server = Awaited<ReturnType<typeof createServer>>;

export async function createServer(config: Config, parts: ServerParts) {
  const { database, logger, control = null, clock = systemClock } = parts;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    logger,
  });
  const files = parts.storage ?? storageFromConfig(config.storage);
  const storage = control ? control.serve({ database, storage: files, logger }) : files;
  // On PostgreSQL the bus relays events between processes (LISTEN/NOTIFY); on PGlite one process is all.
  const events = await createEventBus({
    logger,
    postgresUrl: database.kind === 'postgres' ? config.databaseUrl : null,
    pglite: database.pglite,
  });
  const jobs = createJobRunner({
    database,
    clock,
    logger,
    storage,
    events,
    mailer,
    publicUrl: config.publicUrl,
    whatsapp: { llm: config.llm, secretsKey: config.keys.secretsKey, graphUrl: config.whatsappGraphUrl },
    concurrency: config.jobConcurrency,
    leaseMs: config.jobLeaseMs ?? undefined,
    pollMs: parts.pollMs,
    extractMemoryMb: config.extractMemoryMb,
    embeddings: config.embeddings,
    role: config.role,
    crawlAllowPrivate: config.crawlAllowPrivate,
    crawl: parts.crawl,
  });
  // Passages without a vector of the configured model (another model before, or knowledge indexed
  // while the model was off) are queued to be embedded; their jobs run once the runner starts.
  await enqueueStaleEmbeddings(database.db, config.embeddings, clock.now(), logger);
  // Retention runs at start too, not only on the runners' hourly sweep (docs/architecture.md#retention-and-erasure).
  await queueRetentionRuns(database.db, clock.now());
  const metrics = createMetrics({ db: database.db, logger, processMetrics: parts.processMetrics });
  const sessionCache = new SessionCache(database.kind === 'pglite');
  const app = createApp({
    config,
    database,
    logger,
    mailer,
    clock,
    storage,
    events,
    jobs,
    metrics,
    sessionCache,
  });
  return { app, config, database, logger, clock, mailer, storage, events, jobs, metrics, sessionCache };
}
