import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing';
import { createEventBus, type EventBus } from './event-bus';

const logger = pino({ level: 'silent' });
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ runJobs: false });
});
afterAll(() => server.close());

/** A bus as another process on the same database would have it. */
const otherProcess = (): Promise<EventBus> =>
  createEventBus({ logger, postgresUrl: server.location.kind === 'postgres' ? server.location.url : null });

const waitFor = async (check: () => boolean) => {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('not delivered');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('event bus', () => {
  it('delivers to the listeners of a topic in this process, once, until they unsubscribe', async () => {
    const bus = server.events;
    const got: unknown[] = [];
    const stop = bus.subscribe('file:1', (payload) => got.push(payload));
    const otherTopic: unknown[] = [];
    const stopOther = bus.subscribe('file:2', (payload) => otherTopic.push(payload));
    const stopBroken = bus.subscribe('file:1', () => {
      throw new Error('a broken listener does not stop the others');
    });
    bus.publish('file:1', { n: 1 });
    bus.publish('file:1', { n: 2 });
    expect(got).toEqual([{ n: 1 }, { n: 2 }]);
    expect(otherTopic).toEqual([]);
    stop();
    stopOther();
    stopBroken();
    bus.publish('file:1', { n: 3 });
    expect(got).toHaveLength(2);
    // Give a relayed copy of our own events time to come back: it must be ignored.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(got).toHaveLength(2);
  });

  it('relays between processes on PostgreSQL, in order; stays in-process on PGlite', async () => {
    const a = await otherProcess();
    const b = await otherProcess();
    const heard: unknown[] = [];
    b.subscribe('jobs', (payload) => heard.push(payload));
    for (let n = 0; n < 5; n += 1) a.publish('jobs', { n });
    if (server.location.kind === 'postgres') {
      await waitFor(() => heard.length === 5);
      expect(heard).toEqual([0, 1, 2, 3, 4].map((n) => ({ n })));
    } else {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).toEqual([]);
    }
    await Promise.all([a.close(), b.close()]);
    expect(a.closed.aborted).toBe(true);
    expect(a.listenerCount()).toBe(0);
  });
});
