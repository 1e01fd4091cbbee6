/**
 * What every live stream of the app (SSE) shares: places counted per key with a ceiling, so a tab
 * flood gets a 429 instead of connections; and a stream body bounded in time (a heartbeat, a
 * maximum lifetime after which the browser connects again, the end of the process), whose writes
 * go out one at a time and in order whatever the rate of events. The staff's streams
 * (`staff-streams.ts`) and the visitor's (`chat/live-stream.ts`) say only what they send.
 */
import type { Context } from 'hono';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import { pause } from '@conversa/contract/pause';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import type { StreamKind } from '../meta/metrics';

/** Seconds a refused client is told to wait: places free up when tabs close. */
const RETRY_AFTER_SECONDS = 30;

/**
 * Open streams counted by key (a user, a conversation): `take` claims a place synchronously, so
 * concurrent requests cannot overshoot, or throws 429 `too_many_streams`; its result gives the
 * place back (once, however often called).
 */
export function streamPlaces(perKey: number, total = Number.POSITIVE_INFINITY) {
  const open = new Map<string | number, number>();
  let all = 0;
  return function take(key: string | number): () => void {
    const mine = open.get(key) ?? 0;
    if (mine >= perKey || all >= total)
      throw new ApiError(429, 'too_many_streams', {
        headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      });
    open.set(key, mine + 1);
    all += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      all -= 1;
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    };
  };
}

/** What a stream's opening sees: an ordered writer and a place to leave its clean-up. */
export interface SseOutlet {
  /** Writes after everything queued before it. */
  queue(write: (sse: SSEStreamingApi) => Promise<void>): void;
  /** Everything queued so far, written. */
  flushed(): Promise<void>;
  /** Runs when the stream ends, however it ends (unsubscribe here). */
  onClose(cleanup: () => void): void;
}

export interface BoundedSse {
  kind: StreamKind;
  /** Gives the stream's place back (see `streamPlaces`). */
  release: () => void;
  /** Subscribes and writes what a new connection gets first. */
  start(outlet: SseOutlet): Promise<void>;
  /** Asked before each heartbeat: false ends the stream (a session gone, a permission lost). */
  beat?: () => Promise<boolean>;
}

/** Answers with a bounded SSE stream (config `eventStreams`: heartbeat and lifetime). */
export function boundedSse(c: Context<AppEnv>, deps: AppDeps, stream: BoundedSse): Response {
  const { heartbeatMs, maxAgeMs } = deps.config.eventStreams;
  try {
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (sse) => {
      const counted = deps.metrics.streamOpened(stream.kind);
      const stop = new AbortController();
      const end = () => stop.abort();
      sse.onAbort(end);
      if (deps.events.closed.aborted) end();
      else deps.events.closed.addEventListener('abort', end, { once: true });
      const lifetime = setTimeout(end, maxAgeMs);
      const cleanups: (() => void)[] = [];
      let writing = Promise.resolve();
      const outlet: SseOutlet = {
        queue: (write) => {
          writing = writing.then(() => write(sse));
        },
        flushed: () => writing,
        onClose: (cleanup) => void cleanups.push(cleanup),
      };
      try {
        await stream.start(outlet);
        await writing;
        for (;;) {
          await pause(heartbeatMs, stop.signal);
          if (stop.signal.aborted || sse.aborted) break;
          if (stream.beat && !(await stream.beat())) break;
          outlet.queue((open) => open.write(': ping\n\n').then(() => undefined));
          await writing;
        }
      } finally {
        clearTimeout(lifetime);
        deps.events.closed.removeEventListener('abort', end);
        for (const cleanup of cleanups) cleanup();
        stream.release();
        counted();
      }
    });
  } catch (error) {
    stream.release();
    throw error;
  }
}
