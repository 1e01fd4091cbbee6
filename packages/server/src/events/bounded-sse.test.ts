/**
 * A bounded SSE stream over real HTTP: a client that goes away while the stream's opening is still
 * at work (reading the database, on a loaded machine) ends the stream as soon as the opening is done,
 * not a heartbeat later, so its subscription and its place are given back at once.
 */
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, expect, it } from 'vitest';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { eventually } from '../testing/eventually';
import { boundedSse } from './bounded-sse';

let server: Server | undefined;
afterEach(
  () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      // fetch keeps its connection alive for the next request: closed here, not seconds later.
      server.closeAllConnections();
    }),
);

it('ends at once when the client left while it opened, however long the heartbeat', async () => {
  let released = 0;
  let cleaned = 0;
  let openDone!: () => void;
  const opening = new Promise<void>((resolve) => (openDone = resolve));
  let opened!: () => void;
  const started = new Promise<void>((resolve) => (opened = resolve));
  const deps = {
    config: { eventStreams: { heartbeatMs: 60_000, maxAgeMs: 3_600_000 } },
    metrics: { streamOpened: () => () => undefined },
    events: { closed: new AbortController().signal },
  } as unknown as AppDeps;
  const app = new Hono<AppEnv>().get('/events', (c) =>
    boundedSse(c, deps, {
      kind: 'live',
      release: () => void (released += 1),
      async start(outlet) {
        outlet.onClose(() => void (cleaned += 1));
        opened();
        await opening;
        outlet.queue((sse) => sse.writeSSE({ event: 'status', data: '{}' }));
      },
    }),
  );
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve(info.port),
    ) as Server;
  });

  const controller = new AbortController();
  const response = await fetch(`http://127.0.0.1:${port}/events`, { signal: controller.signal });
  expect(response.status).toBe(200);
  await started;
  controller.abort();
  await response.body?.cancel().catch(() => undefined);
  // The client is gone before the opening ends: the stream must not wait for its first heartbeat.
  await new Promise((resolve) => setTimeout(resolve, 100));
  openDone();
  await eventually(() => released === 1 && cleaned === 1, 5_000);
});
