/**
 * Requests first: while this process is answering HTTP requests, its job runner waits before it
 * claims the next job, for a moment without a request or at most `maxWaitMs`. On PGlite the database
 * runs on the process's one thread, so a job's queries (a WhatsApp answer: some 13 ms) and a
 * request's queue behind each other; a burst of webhook deliveries is answered 200 first, and the
 * work they queued catches up between and after them. A request counts while its handler runs, not
 * while a response streams (an open event stream does not hold the jobs back).
 */
export class RequestsFirst {
  private active = 0;
  private waiters = new Set<() => void>();

  constructor(private readonly maxWaitMs = 100) {}

  /** A request's handler started. */
  begin(): void {
    this.active += 1;
  }

  /** That handler returned (or threw). */
  end(): void {
    this.active = Math.max(0, this.active - 1);
    if (this.active > 0) return;
    for (const release of this.waiters) release();
  }

  /** Resolves once no request is being handled, or after `maxWaitMs`. */
  idle(): Promise<void> {
    if (this.active === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const release = () => {
        clearTimeout(timer);
        this.waiters.delete(release);
        resolve();
      };
      const timer = setTimeout(release, this.maxWaitMs);
      this.waiters.add(release);
    });
  }
}
