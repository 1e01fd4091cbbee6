/** What the app needs from the outside world; tests pass their own (database, clock, mail). */
import type { Logger } from 'pino';
import type { Clock } from './clock';
import type { ScopeResolver } from './auth/resolve-scope';
import type { SessionCache } from './auth/session-cache';
import type { Config } from './config';
import type { Database } from './db/database';
import type { EventBus } from './events/event-bus';
import type { JobRunner } from './jobs/runner';
import type { Mailer } from './mail/mailer';
import type { Metrics } from './meta/metrics';
import type { Storage } from './storage/storage';

export type { Clock } from './clock';

export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
  mailer: Mailer;
  clock: Clock;
  /** Staff-session lookups kept in memory (PGlite only); writes that change them call `forgetUser`. */
  sessionCache: SessionCache;
  /** Uploaded files and logos (DATA_DIR/files). */
  storage: Storage;
  /** Live assistant events (SSE), relayed between processes on PostgreSQL. */
  events: EventBus;
  /** This process's job runner (queued jobs announce themselves: see jobs/queue.ts). */
  jobs: JobRunner;
  /** This app's Prometheus metrics (its own registry), served at `/api/metrics`. */
  metrics: Metrics;
  /** This app's tenancy gate (`auth/resolve-scope.ts`), which the route helper runs before each handler. */
  gate: ScopeResolver;
}
