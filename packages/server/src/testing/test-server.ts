/** The test server's shape, apart from the server itself (index.ts), so fixtures can name it. */
import type { Email } from 'postal-mime';
import type { App } from '../app';
import type { SessionCache } from '../auth/session-cache';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { EventBus } from '../events/event-bus';
import type { JobRunner } from '../jobs/runner';
import type { Storage } from '../storage/storage';

/** A clock that tests can move forward. */
export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  /** Moves time forward. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface RequestOptions {
  method?: string;
  /** Sent as a JSON body. */
  json?: unknown;
  body?: RequestInit['body'];
  token?: string | null;
  institution?: number | string | null;
  locale?: string;
  headers?: Record<string, string>;
  /** Client IP (sent as X-Forwarded-For; test servers trust the proxy header). */
  ip?: string;
}

export interface TestServer {
  app: App;
  config: Config;
  database: Database;
  clock: TestClock;
  /** The app's session cache: fixtures that write memberships or sessions directly forget users here. */
  sessionCache: SessionCache;
  /** Uploaded bytes, under the server's data dir. */
  storage: Storage;
  events: EventBus;
  /** The job runner (running unless `runJobs: false`); `jobs.idle()` waits for processing to end. */
  jobs: JobRunner;
  /** Where the database lives, for `reopen`. */
  location: DatabaseLocation;
  /** Calls the app in-process (`app.request`). */
  request(pathname: string, options?: RequestOptions): Promise<Response>;
  /** Calls and parses a JSON answer (any other answer's body is its text); returns status, headers and body. */
  call<T = unknown>(
    pathname: string,
    options?: RequestOptions,
  ): Promise<{ status: number; headers: Headers; body: T }>;
  /** Every mail written to the outbox, oldest first, parsed. */
  mails(): Promise<Email[]>;
  /** The newest mail to an address. */
  lastMailTo(address: string): Promise<Email | undefined>;
  /** The log lines written so far (JSON), with `captureLogs`; empty otherwise. */
  logs: string[];
  /** Listens on a real loopback port; resolves to the base URL. */
  listen(): Promise<string>;
  /** Stops the job runner, then closes everything (a `durable` server keeps its data for `reopen`). */
  close(): Promise<void>;
}

/** A test database that a second server can open (the same PGlite folder or PostgreSQL database). */
export type DatabaseLocation =
  | { kind: 'pglite'; dataDir: string; path: string | null }
  | { kind: 'postgres'; dataDir: string; url: string };
