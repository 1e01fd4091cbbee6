/**
 * An in-process event bus by topic (`file:<assistantId>`, `jobs`), for what the console follows live
 * (SSE) and for waking the job runner. On PostgreSQL each event is also relayed through
 * LISTEN/NOTIFY, so a file processed by another server process still reaches this process's
 * listeners (docs/architecture.md#scale). Delivery is best effort: a listener that misses an event (a relay
 * reconnecting) catches up by reading the list again, which the console does when it reconnects.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter, setMaxListeners } from 'node:events';
import pg from 'pg';
import type { Logger } from 'pino';

export type Listener = (payload: unknown) => void;

export interface EventBus {
  /** Delivers to this process's listeners at once and, on PostgreSQL, to every other process. */
  publish(topic: string, payload: unknown): void;
  /** Listens to a topic; returns the function that stops listening. */
  subscribe(topic: string, listener: Listener): () => void;
  /** Listeners of a topic (or of all topics), to check that none leak. */
  listenerCount(topic?: string): number;
  /** Aborted when the bus closes or `endStreams()` is called (shutdown): long-lived streams end on it. */
  readonly closed: AbortSignal;
  /**
   * Ends the long-lived streams (a graceful shutdown's first steps) while events still flow, so
   * what the jobs finishing meanwhile publish still reaches the other processes.
   */
  endStreams(): void;
  close(): Promise<void>;
}

/**
 * The NOTIFY channel. Payloads stay far below PostgreSQL's 8000-byte limit (a file event is ~300).
 * The database sends on it too: a trigger announces queued jobs (migration 0024, origin `db`).
 */
export const EVENTS_CHANNEL = 'conversa_events';
const MAX_PAYLOAD = 7900;

interface Relayed {
  /** The publishing process; it already delivered locally, so it skips its own notifications. */
  o: string;
  t: string;
  p: unknown;
}

export interface EventBusOptions {
  logger: Logger;
  /** PostgreSQL to relay through; null for PGlite (one process owns the database). */
  postgresUrl?: string | null;
  /**
   * PGlite's own notifications (its `listen`): what the database announces (queued jobs, from a
   * trigger) reaches this process's listeners. PostgreSQL's arrive through the relay.
   */
  pglite?: {
    listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  } | null;
}

/** Creates the bus; on PostgreSQL it connects a dedicated LISTEN connection first. */
export async function createEventBus(options: EventBusOptions): Promise<EventBus> {
  const { logger } = options;
  const emitter = new EventEmitter();
  // Every open SSE stream is a listener; the default warning at 10 is not a leak here.
  emitter.setMaxListeners(0);
  const origin = randomUUID();
  const closing = new AbortController();
  // Every open event stream listens for the close: many listeners are expected, not a leak.
  setMaxListeners(0, closing.signal);
  const relay = options.postgresUrl ? await startRelay(options.postgresUrl, origin, emitter, logger) : null;
  const unlisten = await options.pglite?.listen(EVENTS_CHANNEL, (payload) =>
    receive(payload, origin, emitter, logger),
  );

  const deliver = (topic: string, payload: unknown) => {
    for (const listener of emitter.listeners(topic) as Listener[]) {
      try {
        listener(payload);
      } catch (error) {
        logger.error({ err: error, topic }, 'event listener failed');
      }
    }
  };

  return {
    publish(topic, payload) {
      deliver(topic, payload);
      relay?.notify({ o: origin, t: topic, p: payload });
    },
    subscribe(topic, listener) {
      emitter.on(topic, listener);
      return () => emitter.off(topic, listener);
    },
    listenerCount(topic) {
      if (topic !== undefined) return emitter.listenerCount(topic);
      return emitter.eventNames().reduce((sum, name) => sum + emitter.listenerCount(name), 0);
    },
    closed: closing.signal,
    endStreams() {
      closing.abort();
    },
    async close() {
      closing.abort();
      emitter.removeAllListeners();
      await relay?.close();
      // A closed database has dropped its listeners already.
      await unlisten?.().catch(() => undefined);
    },
  };
}

/** Delivers a notification to this process's listeners, unless this process sent it (it delivered it already). */
function receive(payload: string, origin: string, emitter: EventEmitter, logger: Logger) {
  let relayed: Relayed;
  try {
    relayed = JSON.parse(payload) as Relayed;
  } catch {
    return;
  }
  if (relayed.o === origin) return;
  for (const fn of emitter.listeners(relayed.t) as Listener[]) {
    try {
      fn(relayed.p);
    } catch (error) {
      logger.error({ err: error, topic: relayed.t }, 'event listener failed');
    }
  }
}

/**
 * The PostgreSQL side: one client LISTENs (reconnecting with backoff when the connection drops),
 * another sends NOTIFY. Both are their own connections, outside the query pool.
 */
async function startRelay(url: string, origin: string, emitter: EventEmitter, logger: Logger) {
  let closed = false;
  let listener: pg.Client | null = null;
  let retryMs = 500;
  let retryTimer: NodeJS.Timeout | null = null;

  const sender = new pg.Pool({ connectionString: url, max: 1 });
  sender.on('error', (error) => logger.warn({ err: error }, 'event relay: idle connection lost'));

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      if (message.channel === EVENTS_CHANNEL && message.payload) {
        receive(message.payload, origin, emitter, logger);
      }
    });
    client.on('error', (error) => {
      logger.warn({ err: error }, 'event relay: LISTEN connection lost; reconnecting');
      reconnect(client);
    });
    client.on('end', () => reconnect(client));
    await client.connect();
    await client.query(`listen ${EVENTS_CHANNEL}`);
    listener = client;
    retryMs = 500;
  };

  const reconnect = (client: pg.Client) => {
    if (closed || listener !== client) return;
    listener = null;
    client.end().catch(() => undefined);
    const attempt = () => {
      retryTimer = null;
      if (closed) return;
      connect().catch((error: unknown) => {
        logger.warn({ err: error }, 'event relay: reconnect failed');
        retryMs = Math.min(retryMs * 2, 30_000);
        retryTimer = setTimeout(attempt, retryMs);
        retryTimer.unref();
      });
    };
    retryTimer = setTimeout(attempt, retryMs);
    retryTimer.unref();
  };

  await connect();

  return {
    notify(message: Relayed) {
      const text = JSON.stringify(message);
      if (Buffer.byteLength(text) > MAX_PAYLOAD) {
        logger.warn({ topic: message.t }, 'event relay: payload too large to relay');
        return;
      }
      sender
        .query('select pg_notify($1, $2)', [EVENTS_CHANNEL, text])
        .catch((error: unknown) =>
          logger.warn({ err: error, topic: message.t }, 'event relay: notify failed'),
        );
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const client = listener;
      listener = null;
      await Promise.all([client?.end().catch(() => undefined), sender.end().catch(() => undefined)]);
    },
  };
}
