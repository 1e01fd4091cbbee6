/**
 * The environment variables the server reads and how each is checked (docs/architecture.md#running-and-configuration);
 * `config.ts` turns the checked values into the `Config` the server runs with.
 */
import proxyAddr from 'proxy-addr';
import * as v from 'valibot';
import { DEFAULT_DAILY_MODEL_CALLS } from './rate-limit/limits';
import { STORAGE_URL } from './storage/storage-config';

/** Trusted proxies: a hop count (0 = none) or a list of addresses and CIDR ranges. */
export type TrustProxy = number | string[];

/** The process roles of a deployment that separates HTTP from jobs (both need PostgreSQL). */
export const PROCESS_ROLES = ['all', 'web', 'worker'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

/** An absolute http(s) URL that can sit in an attribute as it is (or nothing). */
const HTTP_URL = /^(?:https?:\/\/[^\s"'<>]+)?$/;
const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A comma-separated list's items, trimmed, empty ones dropped. */
export const list = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The environment the server reads, each variable checked with a message that names it. */
export const EnvSchema = v.object({
  PORT: v.optional(v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number)), '8080'),
  HOST: v.optional(v.string(), '127.0.0.1'),
  DATA_DIR: v.optional(v.string(), './data'),
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')),
  ),
  PUBLIC_URL: v.optional(v.pipe(v.string(), v.url('PUBLIC_URL must be an absolute URL'))),
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'JWT_SECRET must be at least 32 characters'))),
  WHATSAPP_SECRETS_KEY: v.optional(
    v.pipe(v.string(), v.minLength(32, 'WHATSAPP_SECRETS_KEY must be at least 32 characters')),
  ),
  SMTP_URL: v.optional(
    v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')),
  ),
  MAIL_FROM: v.optional(v.string(), 'Conversa <no-reply@conversa.local>'),
  ADMIN_EMAILS: v.optional(v.string(), ''),
  GOOGLE_CLIENT_ID: v.optional(v.string()),
  GOOGLE_ISSUER: v.optional(v.string(), 'https://accounts.google.com'),
  GOOGLE_JWKS_URL: v.optional(v.string(), 'https://www.googleapis.com/oauth2/v3/certs'),
  MICROSOFT_CLIENT_ID: v.optional(v.string()),
  MICROSOFT_ISSUER: v.optional(v.string(), 'https://login.microsoftonline.com/{tenantid}/v2.0'),
  MICROSOFT_JWKS_URL: v.optional(v.string(), 'https://login.microsoftonline.com/common/discovery/v2.0/keys'),
  MICROSOFT_TENANT_IDS: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) => list(value).every((id) => TENANT_ID.test(id)),
        'MICROSOFT_TENANT_IDS must be comma-separated tenant ids (GUIDs)',
      ),
    ),
    '',
  ),
  CORS_ORIGINS: v.optional(v.string(), ''),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  BODY_LIMIT: v.optional(v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number)), String(1024 * 1024)),
  LEAD_IMPORT_TIME_BUDGET_MS: v.optional(v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number)), '20000'),
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.transform((value): TrustProxy => {
        const trimmed = value.trim();
        if (trimmed === '' || trimmed === 'false') return 0;
        if (trimmed === 'true') return 1;
        if (/^\d+$/.test(trimmed)) return Number(trimmed);
        return list(trimmed);
      }),
      v.check((value) => {
        if (typeof value === 'number') return value <= 32;
        try {
          proxyAddr.compile(value);
          return true;
        } catch {
          return false;
        }
      }, 'TRUST_PROXY must be a number of proxy hops, true/false, or a comma-separated list of IP addresses and CIDR ranges'),
    ),
    '0',
  ),
  ADMIN_DIR: v.optional(v.string()),
  WIDGET_DIR: v.optional(v.string()),
  WHATSAPP_GRAPH_URL: v.optional(v.pipe(v.string(), v.url('WHATSAPP_GRAPH_URL must be an absolute URL'))),
  LLM_BASE_URL: v.optional(v.pipe(v.string(), v.url('LLM_BASE_URL must be an absolute URL'))),
  LLM_API_KEY: v.optional(v.string()),
  LLM_MODEL: v.optional(v.string()),
  LLM_TIMEOUT_MS: v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/, 'LLM_TIMEOUT_MS must be milliseconds'), v.transform(Number)),
    '20000',
  ),
  LLM_DAILY_CALLS_PER_INSTITUTION: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,6}$/, 'LLM_DAILY_CALLS_PER_INSTITUTION must be a number of calls (1 to 9999999)'),
      v.transform(Number),
    ),
    String(DEFAULT_DAILY_MODEL_CALLS),
  ),
  EMBEDDINGS_MODEL: v.optional(v.string()),
  EMBEDDINGS_BASE_URL: v.optional(v.pipe(v.string(), v.url('EMBEDDINGS_BASE_URL must be an absolute URL'))),
  EMBEDDINGS_API_KEY: v.optional(v.string()),
  EMBEDDINGS_TIMEOUT_MS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,5}$/, 'EMBEDDINGS_TIMEOUT_MS must be milliseconds'),
      v.transform(Number),
    ),
    '2000',
  ),
  EMBEDDINGS_DIMENSIONS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,3}$/, 'EMBEDDINGS_DIMENSIONS must be a number of dimensions (1 to 4096)'),
      v.transform(Number),
      v.maxValue(4096, 'EMBEDDINGS_DIMENSIONS must be at most 4096'),
    ),
  ),
  EMBEDDINGS_QUERY_PREFIX: v.optional(v.string(), ''),
  EMBEDDINGS_PASSAGE_PREFIX: v.optional(v.string(), ''),
  SSE_HEARTBEAT_MS: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]\d*$/, 'SSE_HEARTBEAT_MS must be milliseconds'), v.transform(Number)),
    '15000',
  ),
  SSE_MAX_AGE_MS: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]\d*$/, 'SSE_MAX_AGE_MS must be milliseconds'), v.transform(Number)),
    String(60 * 60 * 1000),
  ),
  STAFF_TOKEN_TTL_MINUTES: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,2}$/, 'STAFF_TOKEN_TTL_MINUTES must be minutes (1 to 720)'),
      v.transform(Number),
      v.maxValue(720, 'STAFF_TOKEN_TTL_MINUTES must be at most 720 (12 hours)'),
    ),
    '60',
  ),
  STAFF_SESSION_IDLE_MINUTES: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,2}$/, 'STAFF_SESSION_IDLE_MINUTES must be minutes (1 to 360)'),
      v.transform(Number),
      v.maxValue(360, 'STAFF_SESSION_IDLE_MINUTES must be at most 360 (6 hours)'),
    ),
    '30',
  ),
  STAFF_SESSION_MAX_HOURS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,2}$/, 'STAFF_SESSION_MAX_HOURS must be hours (1 to 168)'),
      v.transform(Number),
      v.maxValue(168, 'STAFF_SESSION_MAX_HOURS must be at most 168 (a week)'),
    ),
    '12',
  ),
  JOB_CONCURRENCY: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]\d?$/, 'JOB_CONCURRENCY must be 1 to 99'), v.transform(Number)),
  ),
  JOB_LEASE_MS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{3,6}$/, 'JOB_LEASE_MS must be milliseconds (1000 to 9999999)'),
      v.transform(Number),
    ),
  ),
  // Empty means unset, like ADMIN_DIR.
  TERMS_URL: v.optional(v.pipe(v.string(), v.regex(HTTP_URL, 'TERMS_URL must be an http(s) URL'))),
  PRIVACY_URL: v.optional(v.pipe(v.string(), v.regex(HTTP_URL, 'PRIVACY_URL must be an http(s) URL'))),
  CRAWL_ALLOW_PRIVATE: v.optional(
    v.pipe(
      v.picklist(['true', 'false', ''], 'CRAWL_ALLOW_PRIVATE must be true or false'),
      v.transform((value) => value === 'true'),
    ),
    'false',
  ),
  EXTRACT_MEMORY_MB: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{1,4}$/, 'EXTRACT_MEMORY_MB must be a number of MB (10 to 99999)'),
      v.transform(Number),
    ),
  ),
  METRICS_TOKEN: v.optional(
    v.pipe(v.string(), v.minLength(16, 'METRICS_TOKEN must be at least 16 characters')),
  ),
  ROLE: v.optional(v.picklist(PROCESS_ROLES, 'ROLE must be all, web or worker'), 'all'),
  SHUTDOWN_GRACE_MS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,5}$/, 'SHUTDOWN_GRACE_MS must be milliseconds'),
      v.transform(Number),
      v.maxValue(25_000, 'SHUTDOWN_GRACE_MS must be at most 25000 (a stop takes under 30 s)'),
    ),
    '20000',
  ),
  // Empty means unset: the local folder.
  STORAGE_URL: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) => value === '' || STORAGE_URL.test(value),
        'STORAGE_URL must be s3://bucket or s3://bucket/prefix',
      ),
    ),
  ),
  AWS_ENDPOINT_URL: v.optional(v.pipe(v.string(), v.url('AWS_ENDPOINT_URL must be an absolute URL'))),
});
