/** The job kinds this server runs, and the runner of one process wired with them (the root floor: it knows every feature). */
import { SEND_INVITATION_MAIL, sendInvitationMailJob } from './team';
import type { Logger } from 'pino';
import { pruneAuditEvents } from './audit/audit.service';
import { SEND_HANDOFF_CONFIRMATION, sendHandoffConfirmationJob } from './assistants';
import { LIVE_WAITING, liveWaitingJob, SEND_CONTACT_MAIL, sendContactMailJob } from './conversations';
import type { Database } from './db/database';
import type { Clock } from './clock';
import type { EventBus } from './events/event-bus';
import { PROCESS_FILE, processFileJob } from './files';
import type { Mailer } from './mail/mailer';
import type { Storage } from './storage/storage';
import {
  SEND_PASSWORD_CHANGED_MAIL,
  SEND_RESET_MAIL,
  sendPasswordChangedMailJob,
  sendResetMailJob,
} from './users';
import {
  WHATSAPP_ENTRY_EXPIRY,
  WHATSAPP_INCOMING,
  WHATSAPP_RESEND,
  whatsappEntryExpiryJob,
  whatsappIncomingJob,
  whatsappResendJob,
} from './sales';
import type { EmbeddingsConfig, LlmConfig, ProcessRole } from './config';
import { EMBED_KNOWLEDGE, embedKnowledgeJob } from './knowledge';
import { JobRunner } from './jobs/runner';
import {
  crawlerUserAgent,
  createCrawlerFetch,
  pruneCrawlBudget,
  pruneCrawlHosts,
  websiteJobs,
} from './websites';
import {
  DELETE_STORED,
  deleteStoredJob,
  queueRetentionRuns,
  RETENTION_RUN,
  retentionRunJob,
} from './privacy';

export interface JobRunnerDeps {
  database: Database;
  clock: Clock;
  logger: Logger;
  storage: Storage;
  events: EventBus;
  mailer: Mailer;
  /** The base of the links in mails (PUBLIC_URL). */
  publicUrl: string;
  /** What answering WhatsApp messages needs: the model (or none), the stored-secrets key, the Graph API's base. */
  whatsapp: { llm: LlmConfig | null; secretsKey: Uint8Array; graphUrl: string };
  /** Jobs at a time; null picks 1 on PGlite (one connection, one thread) and 2 on PostgreSQL. */
  concurrency: number | null;
  /** The heap of each document extraction process in MB; null for the default. */
  extractMemoryMb?: number | null;
  /** Semantic retrieval's model (EMBEDDINGS_*): passages are embedded once indexed; null: never. */
  embeddings?: EmbeddingsConfig | null;
  leaseMs?: number;
  pollMs?: number;
  /** The process's ROLE: a `web` process queues and announces jobs but never runs one. */
  role?: ProcessRole;
  /** CRAWL_ALLOW_PRIVATE: the website crawler may visit private addresses. */
  crawlAllowPrivate?: boolean;
  crawl?: CrawlTuning;
}

/** The website crawler's per-page limits and batch length, when not the defaults (tests). */
export interface CrawlTuning {
  timeoutMs?: number;
  maxBytes?: number;
  batchMs?: number;
  /** Requests per institution and UTC day (default WEBSITE_DAILY_PAGE_BUDGET). */
  dailyPages?: number;
  /** Requests per host and UTC day (default WEBSITE_HOST_DAILY_PAGE_BUDGET). */
  hostDailyPages?: number;
  /** How long one page may be read (default WEBSITE_PAGE_READ_TIMEOUT_MS). */
  readTimeoutMs?: number;
}

/** A runner for every job kind (not started: call `start()` once the server listens). */
export function createJobRunner(deps: JobRunnerDeps): JobRunner {
  const { database, clock, logger, storage, events, mailer, publicUrl } = deps;
  const mail = { db: database.db, mailer, clock, publicUrl };
  const fetcher = createCrawlerFetch({
    allowPrivate: deps.crawlAllowPrivate ?? false,
    userAgent: crawlerUserAgent(publicUrl),
    timeoutMs: deps.crawl?.timeoutMs,
    maxBytes: deps.crawl?.maxBytes,
  });
  return new JobRunner({
    db: database.db,
    clock,
    logger,
    events,
    concurrency: deps.concurrency ?? (database.kind === 'pglite' ? 1 : 2),
    claims: deps.role !== 'web',
    leaseMs: deps.leaseMs,
    pollMs: deps.pollMs,
    handlers: {
      [PROCESS_FILE]: processFileJob({
        db: database.db,
        storage,
        events,
        clock,
        logger,
        extractLimits: { maxMemoryMb: deps.extractMemoryMb ?? undefined },
        embeddings: deps.embeddings ?? null,
      }),
      [EMBED_KNOWLEDGE]: embedKnowledgeJob({ db: database.db, embeddings: deps.embeddings ?? null, events }),
      ...websiteJobs({
        db: database.db,
        events,
        clock,
        logger,
        fetcher,
        batchMs: deps.crawl?.batchMs,
        dailyPages: deps.crawl?.dailyPages,
        hostDailyPages: deps.crawl?.hostDailyPages,
        readTimeoutMs: deps.crawl?.readTimeoutMs,
        embeddings: deps.embeddings ?? null,
        extractLimits: { maxMemoryMb: deps.extractMemoryMb ?? undefined },
      }),
      [SEND_RESET_MAIL]: sendResetMailJob(mail),
      [SEND_PASSWORD_CHANGED_MAIL]: sendPasswordChangedMailJob(mail),
      [SEND_CONTACT_MAIL]: sendContactMailJob({ ...mail, logger }),
      [LIVE_WAITING]: liveWaitingJob({ ...mail, events, logger }),
      [SEND_HANDOFF_CONFIRMATION]: sendHandoffConfirmationJob(mail),
      [SEND_INVITATION_MAIL]: sendInvitationMailJob(mail),
      [WHATSAPP_INCOMING]: whatsappIncomingJob({ db: database.db, clock, logger, ...deps.whatsapp }),
      [WHATSAPP_ENTRY_EXPIRY]: whatsappEntryExpiryJob({ db: database.db, clock, logger, ...deps.whatsapp }),
      [WHATSAPP_RESEND]: whatsappResendJob({ db: database.db, clock, logger, ...deps.whatsapp }),
      [RETENTION_RUN]: retentionRunJob({ database, clock, logger }),
      [DELETE_STORED]: deleteStoredJob({ storage, logger }),
    },
    // Audit events go after their keeping time, on the runner's hourly sweep; each institution's
    // retention run is queued on the same sweep (and at start: server.ts); so do the crawler's
    // past days and hosts' passed delays.
    prune: {
      audit_events: (now) => pruneAuditEvents(database.db, now),
      crawl_budget: (now) => pruneCrawlBudget(database.db, now),
      crawl_hosts: (now) => pruneCrawlHosts(database.db, now),
      retention_runs: (now) => queueRetentionRuns(database.db, now),
    },
  });
}
