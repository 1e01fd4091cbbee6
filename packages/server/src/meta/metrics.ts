/**
 * The Prometheus metrics of one process (docs/architecture.md#operating), served at `GET /api/metrics`
 * to the bearer of METRICS_TOKEN. Each app has its own registry (never prom-client's global one),
 * so several apps in one test process do not mix their figures.
 *
 * Label values stay few: a request's `route` is its endpoint's path template from the contract
 * table (`/institution-product/{id}/faq`), never the URL, and every request no entry answers (the
 * console's files, the widget, the pages, unknown paths) shares `other`.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Logger } from 'pino';
import type { Db } from '../db/database';
import { JOB_STATES, jobCounts } from '../jobs/queue';

/** The `route` label of requests that no endpoint of the table answered. */
export const OTHER_ROUTE = 'other';

/** The kinds of event stream (SSE) counted open: the console's file events, and chat answers. */
export type StreamKind = 'files' | 'answer' | 'live';

export interface Metrics {
  readonly registry: Registry;
  /** Records an answered request: its method, route label, status and time to the answer's head. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** Counts an event stream as open until the returned function is called (once or more). */
  streamOpened(kind: StreamKind): () => void;
}

export interface MetricsOptions {
  db: Db;
  logger: Logger;
  /** Also the process's own figures (CPU, memory, event loop lag, handles): for the real process only. */
  processMetrics?: boolean;
}

/** Makes the metrics of one app; the jobs by state are counted in the database at each scrape. */
export function createMetrics({ db, logger, processMetrics = false }: MetricsOptions): Metrics {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'conversa_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'conversa_http_request_duration_seconds',
    help: "Time to an HTTP answer's head (a stream's start, not its end), by method and route template",
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const streams = new Gauge({
    name: 'conversa_event_streams_open',
    help: 'Event streams (SSE) open in this process, by kind',
    labelNames: ['stream'] as const,
    registers: [registry],
  });
  for (const kind of ['files', 'answer', 'live'] as const) streams.set({ stream: kind }, 0);
  new Gauge({
    name: 'conversa_jobs',
    help: 'Background jobs by state, in the whole queue (all processes); done and failed ones until pruned',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      try {
        const counts = await jobCounts(db);
        for (const state of JOB_STATES) this.set({ state }, counts[state]);
      } catch (error) {
        // The last figures stay; readiness says whether the database answers.
        logger.warn({ err: error }, 'metrics: could not count jobs');
      }
    },
  });

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      duration.observe({ method, route }, seconds);
    },
    streamOpened(kind) {
      streams.inc({ stream: kind });
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        streams.dec({ stream: kind });
      };
    },
  };
}
