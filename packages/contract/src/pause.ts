/**
 * Resolves after `ms`, or at once when `signal` aborts, or has aborted already: an aborted signal
 * fires no more events, so a wait begun after it would run its whole time. Shared by the server's
 * event streams (the heartbeat) and the data layer's (the back-off between connections).
 */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
