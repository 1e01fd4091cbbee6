/**
 * Politeness per host in this process: with a Crawl-delay, one request at a time and that long
 * between their starts; without, the crawler's Agent keeps two connections per origin at most
 * (`crawler-fetch.ts`). Across processes, a crawl's next batch is queued no earlier than the delay
 * (`crawl.service.ts`), and one site's batches never run at once.
 */
export class HostPacer {
  private readonly hosts = new Map<string, { last: number; chain: Promise<unknown> }>();

  /** Runs `work` for `host` once the delay since the host's last request has passed. */
  run<T>(host: string, delayMs: number, work: () => Promise<T>): Promise<T> {
    if (delayMs <= 0) return work();
    const entry = this.hosts.get(host) ?? { last: 0, chain: Promise.resolve() };
    this.hosts.set(host, entry);
    const turn = entry.chain.then(async () => {
      const wait = entry.last + delayMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      entry.last = Date.now();
      return work();
    });
    entry.chain = turn.catch(() => undefined);
    return turn;
  }
}
