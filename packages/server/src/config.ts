/** Configuration from the environment only (docs/architecture.md#running-and-configuration); everything is optional for local use. */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { deriveKeys, type ServerKeys } from './auth/keys';
import { EnvSchema, list, type ProcessRole, type TrustProxy } from './config-env';
import { adminDistFolder, makePrivateDir, widgetDistFolder, writePrivateFile } from './paths';
import { type StorageConfig, storageSettings } from './storage/storage-config';

export { PROCESS_ROLES, type ProcessRole, type TrustProxy } from './config-env';

export interface OidcProviderConfig {
  clientId: string;
  /** Expected `iss`; for Microsoft a template with `{tenantid}`. */
  issuer: string;
  jwksUrl: string;
}

/** An OpenAI-compatible chat completions endpoint for generative answers (docs/architecture.md#knowledge-and-answers). */
export interface LlmConfig {
  /** Base URL; requests go to `{baseUrl}/chat/completions`. */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** Longest wait for the answer to start, and between two streamed pieces. */
  timeoutMs: number;
  /** Model calls one institution may make in a day, all kinds together (LLM_DAILY_CALLS_PER_INSTITUTION). */
  dailyCallsPerInstitution: number;
}

/**
 * An OpenAI-compatible embeddings endpoint for semantic retrieval (docs/architecture.md#knowledge-and-answers,
 * "Semantic retrieval"); null (EMBEDDINGS_MODEL unset) retrieves lexically only.
 */
export interface EmbeddingsConfig {
  /** Base URL; requests go to `{baseUrl}/embeddings` (EMBEDDINGS_BASE_URL, else LLM_BASE_URL). */
  baseUrl: string;
  /** EMBEDDINGS_API_KEY, else LLM_API_KEY. */
  apiKey: string | null;
  model: string;
  /** Sent as `dimensions` when set (models that can shorten their vectors: OpenAI's text-embedding-3-*). */
  dimensions: number | null;
  /** Put before a question and before a passage (multilingual-e5 wants `query: ` and `passage: `). */
  queryPrefix: string;
  passagePrefix: string;
  /** Longest wait for a question's embedding; past it the question is answered from the lexical ranking. */
  timeoutMs: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  publicUrl: string;
  /** The WhatsApp Cloud API's base (Meta's Graph API unless WHATSAPP_GRAPH_URL; a local peer in tests). */
  whatsappGraphUrl: string;
  /** Token, code and stored-secrets keys, derived from JWT_SECRET (the last from WHATSAPP_SECRETS_KEY when set), never the raw secrets. */
  keys: ServerKeys;
  smtpUrl: string | null;
  mailFrom: string;
  adminEmails: Set<string>;
  google: OidcProviderConfig | null;
  microsoft: OidcProviderConfig | null;
  /** Microsoft tenants (lower-case ids) whose e-mail claims are trusted without `xms_edov`. */
  microsoftTenantIds: Set<string>;
  /** Origins allowed to call the API from a browser besides PUBLIC_URL's own. */
  corsOrigins: string[];
  logLevel: string;
  /** Largest JSON body accepted, in bytes. */
  bodyLimit: number;
  /** How long the CSV thread may read one lead import before it is stopped, in milliseconds. */
  leadImportBudgetMs: number;
  /**
   * The proxies whose X-Forwarded-For entries are believed: a hop count (0 = none: the socket's
   * address is the client's) or addresses and CIDR ranges. See http/client-ip.ts.
   */
  trustProxy: TrustProxy;
  /** The built admin console served outside `/api`; null (or a folder without index.html) serves none. */
  adminDir: string | null;
  /** The built widget (`embed.js`, `chat.js` and chunks) served at `/embed.js` and `/widget/*`; null serves none. */
  widgetDir: string | null;
  /** Background jobs run at a time per process; null = 1 on PGlite, 2 on PostgreSQL. */
  jobConcurrency: number | null;
  /** How long a job's claim holds before another process may take it over (JOB_LEASE_MS); null = 60 s. */
  jobLeaseMs: number | null;
  /** The heap of each document extraction process, in MB; null = the default (512). */
  extractMemoryMb: number | null;
  /** CRAWL_ALLOW_PRIVATE: the website crawler may visit private, loopback and link-local addresses. */
  crawlAllowPrivate: boolean;
  /** Generative answers; null (LLM_BASE_URL or LLM_MODEL unset) answers extractively. */
  llm: LlmConfig | null;
  /** Semantic retrieval; null (EMBEDDINGS_MODEL unset) retrieves lexically only. */
  embeddings: EmbeddingsConfig | null;
  /**
   * Where the terms of service and the privacy policy live (TERMS_URL, PRIVACY_URL); null serves
   * the server's own pages at `/terms` and `/privacy`.
   */
  legal: { termsUrl: string | null; privacyUrl: string | null };
  /**
   * Staff sessions: the life of an access token (STAFF_TOKEN_TTL_MINUTES, at most 12 h), the idle
   * timeout (STAFF_SESSION_IDLE_MINUTES, at most half the token's life, so a console in use always
   * renews before its token expires) and the absolute limit of a session (STAFF_SESSION_MAX_HOURS).
   */
  sessions: { tokenTtlMs: number; idleMs: number; maxAgeMs: number };
  /** Live event streams (SSE): the heartbeat (which also re-checks the session) and the longest life. */
  eventStreams: { heartbeatMs: number; maxAgeMs: number };
  /** The bearer token of `GET /api/metrics` (METRICS_TOKEN); null: the endpoint answers 404. */
  metricsToken: string | null;
  /** What this process does (ROLE): `all` (default), `web` (HTTP, never runs jobs) or `worker` (jobs, and only the probes over HTTP). */
  role: ProcessRole;
  /** On SIGTERM, what requests and jobs in flight get before they are cut or handed back (at most 25 s). */
  shutdownGraceMs: number;
  /** Where uploaded bytes live: `DATA_DIR/files`, or the bucket of STORAGE_URL (with the AWS_* variables). */
  storage: StorageConfig;
}

/** Every environment variable the server reads (the deployment files are checked against these). */
export const ENV_VARIABLES: readonly string[] = Object.keys(EnvSchema.entries);

/**
 * Where the data lives (DATA_DIR, DATABASE_URL) and nothing else, creating nothing: for the backup
 * and restore commands, which must not generate a jwt-secret in a data dir they are about to fill.
 */
export function loadDataLocation(env: NodeJS.ProcessEnv = process.env): {
  dataDir: string;
  databaseUrl: string | null;
} {
  const result = v.safeParse(v.pick(EnvSchema, ['DATA_DIR', 'DATABASE_URL']), env);
  if (!result.success) {
    const lines = result.issues.map((issue) => `${v.getDotPath(issue) ?? '?'}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return { dataDir: path.resolve(result.output.DATA_DIR), databaseUrl: result.output.DATABASE_URL ?? null };
}

/** The secret the keys derive from: JWT_SECRET, else one generated once and kept in DATA_DIR. */
function jwtSecret(dataDir: string, fromEnv: string | undefined): Uint8Array {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    makePrivateDir(dataDir);
    writePrivateFile(file, randomBytes(48).toString('base64url'));
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/** Reads and checks the environment; throws one readable error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = v.safeParse(EnvSchema, env);
  if (!result.success) {
    const lines = result.issues.map((issue) => `${v.getDotPath(issue) ?? '?'}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = result.output;
  // PGlite is one process's database: splitting web and worker processes needs PostgreSQL.
  if (e.ROLE !== 'all' && !e.DATABASE_URL) {
    throw new Error(`Invalid configuration:\n  ROLE: ROLE=${e.ROLE} needs DATABASE_URL (PostgreSQL)`);
  }
  // A console in use renews at half its token's life: a longer idle time would let tokens lapse
  // under a session still alive, a shorter token than that would only mean more sign-ins.
  if (e.STAFF_SESSION_IDLE_MINUTES * 2 > e.STAFF_TOKEN_TTL_MINUTES) {
    throw new Error(
      'Invalid configuration:\n  STAFF_SESSION_IDLE_MINUTES: must be at most half of STAFF_TOKEN_TTL_MINUTES',
    );
  }
  const embeddingsUrl = e.EMBEDDINGS_BASE_URL ?? e.LLM_BASE_URL;
  if (e.EMBEDDINGS_MODEL && !embeddingsUrl) {
    throw new Error(
      'Invalid configuration:\n  EMBEDDINGS_MODEL: needs EMBEDDINGS_BASE_URL (or LLM_BASE_URL) to reach the model',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (
    e.PUBLIC_URL ?? `http://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`
  ).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    publicUrl,
    whatsappGraphUrl: (e.WHATSAPP_GRAPH_URL ?? 'https://graph.facebook.com').replace(/\/+$/, ''),
    keys: deriveKeys(
      jwtSecret(dataDir, e.JWT_SECRET),
      e.WHATSAPP_SECRETS_KEY ? new TextEncoder().encode(e.WHATSAPP_SECRETS_KEY) : undefined,
    ),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    adminEmails: new Set(list(e.ADMIN_EMAILS).map((s) => s.toLowerCase())),
    google: e.GOOGLE_CLIENT_ID
      ? { clientId: e.GOOGLE_CLIENT_ID, issuer: e.GOOGLE_ISSUER, jwksUrl: e.GOOGLE_JWKS_URL }
      : null,
    microsoft: e.MICROSOFT_CLIENT_ID
      ? { clientId: e.MICROSOFT_CLIENT_ID, issuer: e.MICROSOFT_ISSUER, jwksUrl: e.MICROSOFT_JWKS_URL }
      : null,
    microsoftTenantIds: new Set(list(e.MICROSOFT_TENANT_IDS).map((id) => id.toLowerCase())),
    corsOrigins: list(e.CORS_ORIGINS),
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.BODY_LIMIT,
    leadImportBudgetMs: e.LEAD_IMPORT_TIME_BUDGET_MS,
    trustProxy: e.TRUST_PROXY,
    // An empty ADMIN_DIR turns the console off (an API-only process behind a CDN).
    adminDir:
      e.ADMIN_DIR === undefined
        ? fileURLToPath(adminDistFolder)
        : e.ADMIN_DIR
          ? path.resolve(e.ADMIN_DIR)
          : null,
    // Likewise an empty WIDGET_DIR: the widget's files then come from elsewhere (a CDN).
    widgetDir:
      e.WIDGET_DIR === undefined
        ? fileURLToPath(widgetDistFolder)
        : e.WIDGET_DIR
          ? path.resolve(e.WIDGET_DIR)
          : null,
    jobConcurrency: e.JOB_CONCURRENCY ?? null,
    jobLeaseMs: e.JOB_LEASE_MS ?? null,
    sessions: {
      tokenTtlMs: e.STAFF_TOKEN_TTL_MINUTES * 60_000,
      idleMs: e.STAFF_SESSION_IDLE_MINUTES * 60_000,
      maxAgeMs: e.STAFF_SESSION_MAX_HOURS * 3_600_000,
    },
    eventStreams: { heartbeatMs: e.SSE_HEARTBEAT_MS, maxAgeMs: e.SSE_MAX_AGE_MS },
    extractMemoryMb: e.EXTRACT_MEMORY_MB ?? null,
    crawlAllowPrivate: e.CRAWL_ALLOW_PRIVATE,
    llm:
      e.LLM_BASE_URL && e.LLM_MODEL
        ? {
            baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ''),
            apiKey: e.LLM_API_KEY || null,
            model: e.LLM_MODEL,
            timeoutMs: e.LLM_TIMEOUT_MS,
            dailyCallsPerInstitution: e.LLM_DAILY_CALLS_PER_INSTITUTION,
          }
        : null,
    embeddings:
      e.EMBEDDINGS_MODEL && embeddingsUrl
        ? {
            baseUrl: embeddingsUrl.replace(/\/+$/, ''),
            apiKey: e.EMBEDDINGS_API_KEY || e.LLM_API_KEY || null,
            model: e.EMBEDDINGS_MODEL,
            dimensions: e.EMBEDDINGS_DIMENSIONS ?? null,
            queryPrefix: e.EMBEDDINGS_QUERY_PREFIX,
            passagePrefix: e.EMBEDDINGS_PASSAGE_PREFIX,
            timeoutMs: e.EMBEDDINGS_TIMEOUT_MS,
          }
        : null,
    legal: { termsUrl: e.TERMS_URL || null, privacyUrl: e.PRIVACY_URL || null },
    metricsToken: e.METRICS_TOKEN ?? null,
    role: e.ROLE,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    storage: storageSettings(env, dataDir),
  };
}
