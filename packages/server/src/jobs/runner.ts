/**
 * Runs queued jobs in this process: claims up to `concurrency` at a time, renews their leases while
 * they run, records success or failure (with retries), and gives a job up for good once its
 * attempts are used. It wakes when a job is queued (through the event bus, so on PostgreSQL a job
 * queued by another process wakes it too) and polls as a fallback for retries and expired leases.
 * `stop()` is graceful: no new claims, jobs in flight get a grace period, the rest are handed back.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import type { EventBus } from '../events/event-bus';
import { type Job, type JobPayload, jobQueue, type JobQueue } from './queue';
import { RequestsFirst } from './requests-first';

/** The bus topic that announces queued jobs. */
/** How often a runner deletes finished jobs past their keeping time. */
const PRUNE_EVERY_MS = 60 * 60_000;

export const JOBS_TOPIC = 'jobs';

export interface JobContext {
  job: Job;
  /** Aborted when the lease is lost or the runner stops: stop at the next safe point. */
  signal: AbortSignal;
  logger: Logger;
}

/** What a job kind does. `run` must be idempotent: a job may run again after a crash. */
export interface JobHandler {
  run(payload: JobPayload, context: JobContext): Promise<void>;
  /** Called once when the job failed for good (its attempts are used up). */
  giveUp?(payload: JobPayload, error: string, context: JobContext): Promise<void>;
}

export interface JobRunnerOptions {
  db: Db;
  clock: Clock;
  logger: Logger;
  handlers: Record<string, JobHandler>;
  /** Wakes the runner on new jobs from any process; without it, only `wake()` and polling do. */
  events?: EventBus;
  /** Jobs run at a time. */
  concurrency: number;
  /**
   * False for a process that only queues jobs (ROLE=web): `start()` claims nothing, and jobs queued
   * here are announced to the processes that run them. True by default.
   */
  claims?: boolean;
  /** How long a claim holds before another process may take the job over (renewed at a third). */
  leaseMs?: number;
  /** Other tables to sweep with finished jobs (hourly): name → delete what is past its time. */
  prune?: Record<string, (now: Date) => Promise<number>>;
  /** Poll interval (real time) for due retries and expired leases. */
  pollMs?: number;
  workerId?: string;
}

interface InFlight {
  job: Job;
  controller: AbortController;
  done: Promise<void>;
}

const errorText = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/** The job runner of one process. */
export class JobRunner {
  readonly queue: JobQueue;
  /** The process's HTTP requests, which go before the next claim (see requests-first.ts). */
  readonly requests = new RequestsFirst();
  readonly workerId: string;
  readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly inFlight = new Map<number, InFlight>();
  private running = false;
  private filling = false;
  private refill = false;
  private timer: NodeJS.Timeout | null = null;
  private lastPrune = Number.NEGATIVE_INFINITY;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly options: JobRunnerOptions) {
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.queue = jobQueue(options.db, this.workerId);
    this.leaseMs = options.leaseMs ?? 60_000;
    // A job whose process died is taken over within about one lease.
    this.pollMs = options.pollMs ?? Math.min(5_000, this.leaseMs);
  }

  /** Jobs running now in this process. */
  get active(): number {
    return this.inFlight.size;
  }

  /** Starts claiming jobs (never in a process that does not claim them). */
  start(): void {
    if (this.running || this.options.claims === false) return;
    this.running = true;
    this.unsubscribe = this.options.events?.subscribe(JOBS_TOPIC, () => this.wake()) ?? null;
    this.wake();
  }

  /** Looks for due jobs now (called after a job is queued in this process). */
  wake(): void {
    if (!this.running) return;
    void this.fill();
  }

  /**
   * Stops: no new claims; jobs in flight get `graceMs` to finish, then are aborted and handed back
   * (queued again, the attempt not counted) so the next process runs them at once.
   */
  async stop({ graceMs = 10_000 }: { graceMs?: number } = {}): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const pending = [...this.inFlight.values()];
    if (pending.length === 0) return;
    let graceTimer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      graceTimer = setTimeout(resolve, graceMs);
    });
    await Promise.race([Promise.all(pending.map((entry) => entry.done)), grace]);
    clearTimeout(graceTimer);
    for (const entry of this.inFlight.values()) {
      entry.controller.abort();
      await this.queue.release(entry.job.id, this.options.clock.now()).catch((error: unknown) => {
        this.options.logger.warn({ err: error, job: entry.job.id }, 'job: could not hand back on stop');
      });
    }
  }

  /**
   * Resolves once nothing runs here and no job is due (tests wait on it instead of sleeping).
   * Rejects after `timeoutMs`.
   */
  async idle(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.quiet()) {
        const due = await this.queue.hasDue(this.options.clock.now());
        if (!due && this.quiet()) return;
        if (due) this.wake();
      }
      if (Date.now() > deadline) throw new Error(`jobs still pending after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private quiet(): boolean {
    return this.inFlight.size === 0 && !this.filling;
  }

  private schedule(): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.prune();
      void this.fill();
    }, this.pollMs);
    this.timer.unref();
  }

  /**
   * At most once an hour (on a poll): finished jobs past their keeping time go (`queue.prune`), and
   * so do the rows of the other tables given in `prune`.
   */
  private async prune(): Promise<void> {
    const now = this.options.clock.now();
    if (now.getTime() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now.getTime();
    try {
      const pruned = await this.queue.prune(now);
      if (pruned > 0) this.options.logger.info({ pruned }, 'job: finished jobs pruned');
    } catch (error) {
      this.options.logger.warn({ err: error }, 'job: could not prune finished jobs');
    }
    for (const [table, prune] of Object.entries(this.options.prune ?? {})) {
      try {
        const pruned = await prune(now);
        if (pruned > 0) this.options.logger.info({ pruned, table }, 'job: old rows pruned');
      } catch (error) {
        this.options.logger.warn({ err: error, table }, 'job: could not prune old rows');
      }
    }
  }

  /** Claims due jobs until the concurrency is used or none is due. */
  private async fill(): Promise<void> {
    if (this.filling) {
      this.refill = true;
      return;
    }
    this.filling = true;
    try {
      do {
        this.refill = false;
        while (this.running && this.inFlight.size < this.options.concurrency) {
          await this.requests.idle();
          if (!this.running) break;
          const job = await this.queue.claim(this.options.clock.now(), this.leaseMs);
          if (!job) break;
          this.execute(job);
        }
      } while (this.refill && this.running);
    } catch (error) {
      if (this.running) this.options.logger.error({ err: error }, 'job: claim failed');
    } finally {
      this.filling = false;
      this.schedule();
    }
  }

  private execute(job: Job): void {
    const controller = new AbortController();
    const logger = this.options.logger.child({ job: job.id, kind: job.kind, attempt: job.attempt });
    const context: JobContext = { job, signal: controller.signal, logger };
    const done = this.attempt(job, context, controller)
      .catch((error: unknown) => logger.error({ err: error }, 'job: bookkeeping failed'))
      .finally(() => {
        this.inFlight.delete(job.id);
        this.wake();
      });
    this.inFlight.set(job.id, { job, controller, done });
  }

  private async attempt(job: Job, context: JobContext, controller: AbortController): Promise<void> {
    const { clock } = this.options;
    const handler = this.options.handlers[job.kind];
    const heartbeat = setInterval(
      () => {
        this.queue.renew(job.id, clock.now(), this.leaseMs).then(
          (held) => {
            if (!held) controller.abort();
          },
          (error: unknown) => context.logger.warn({ err: error }, 'job: lease renewal failed'),
        );
      },
      Math.max(1_000, Math.floor(this.leaseMs / 3)),
    );
    heartbeat.unref();
    try {
      // A lease that ran out on the last attempt: the job crashed its process every time.
      if (job.attempt > job.maxAttempts)
        throw new Error('attempts used up (the job kept crashing its worker)');
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler.run(job.payload, context);
      if (context.signal.aborted) return;
      await this.queue.complete(job.id, clock.now());
      context.logger.debug('job: done');
    } catch (error) {
      if (context.signal.aborted && !this.running) return; // handed back by stop()
      const message = errorText(error);
      const state = await this.queue.fail(job, message, clock.now());
      if (state === 'failed') {
        context.logger.error({ err: error }, 'job: failed for good');
        await handler?.giveUp?.(job.payload, message, context);
      } else if (state === 'queued') {
        context.logger.warn({ err: error }, 'job: failed; will retry');
      }
    } finally {
      clearInterval(heartbeat);
    }
  }
}
