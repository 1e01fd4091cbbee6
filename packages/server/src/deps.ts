/** What the app needs from the outside world; tests pass their own (database, clock, mail). */
import type { Logger } from 'pino';
import type { SessionCache } from './auth/session-cache';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Mailer } from './mail/mailer';

/** The time source; tests move it to expire codes, tokens and rate-limit windows. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
  mailer: Mailer;
  clock: Clock;
  /** Staff-session lookups kept in memory (PGlite only); writes that change them call `forgetUser`. */
  sessionCache: SessionCache;
}
