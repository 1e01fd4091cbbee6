/** Liveness, readiness, the metrics and the OpenAPI document. */
import { randomUUID } from 'node:crypto';
import { endpoints } from '@conversa/contract/endpoints';
import { buildOpenApiDocument } from '@conversa/contract/openapi';
import { Hono } from 'hono';
import { ping } from '../db/database';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import type { AppEnv } from '../http/env';
import { ok } from '../http/respond';
import { endpointRouter } from '../http/route';
import type { Storage } from '../storage/storage';

/** Whether the file store takes, gives back and deletes a small object. */
async function storageWorks(storage: Storage): Promise<boolean> {
  const key = `ready/${randomUUID()}`;
  const probe = new TextEncoder().encode('ready');
  try {
    await storage.put(key, probe);
    const read = await storage.get(key);
    await storage.delete(key);
    return read !== null && read.length === probe.length;
  } catch {
    return false;
  }
}

/**
 * How long `GET /api/ready` keeps its probe's outcome: the probe writes to the store and queries
 * the database, so a flood of unauthenticated probes must not cost one of each per request.
 */
export const READY_CACHE_MS = 5_000;

export function metaRoutes(deps: AppDeps) {
  let openapi: unknown = null;
  // The last probe (or the one in flight, shared by concurrent requests) and when it started.
  let probe: { at: number; outcome: Promise<{ database: boolean; storage: boolean }> } | null = null;
  const readiness = () => {
    const now = deps.clock.now().getTime();
    if (!probe || now - probe.at >= READY_CACHE_MS || now < probe.at) {
      const outcome = Promise.all([ping(deps.database.db), storageWorks(deps.storage)]).then(
        ([database, storage]) => ({ database, storage }),
      );
      probe = { at: now, outcome };
    }
    return probe.outcome;
  };
  const app = new Hono<AppEnv>();
  const route = endpointRouter(deps);
  route(app, endpoints.health, async (c) => ok(c, { status: 'ok' as const }));
  route(app, endpoints.ready, async (c) => {
    const { database, storage } = await readiness();
    if (!database || !storage) {
      deps.logger.warn({ database, storage }, 'ready: not ready');
      throw new ApiError(503, 'not_ready');
    }
    return ok(c, { status: 'ok' as const, database: 'ok' as const, storage: 'ok' as const });
  });
  // The route helper lets only METRICS_TOKEN's bearer through (404 while it is unset).
  route(app, endpoints.metrics, async (c) => {
    const text = await deps.metrics.registry.metrics();
    c.header('Content-Type', deps.metrics.registry.contentType);
    c.header('Cache-Control', 'no-store');
    return c.body(text);
  });
  // The document describing the table is not one of its entries. A worker serves the probes only.
  if (deps.config.role !== 'worker') {
    app.get('/openapi.json', (c) => {
      openapi ??= buildOpenApiDocument(deps.config.publicUrl);
      return c.json(openapi);
    });
  }
  return app;
}
