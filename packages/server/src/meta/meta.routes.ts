/** Health and the OpenAPI document. */
import { endpoints } from '@conversa/contract/endpoints';
import { buildOpenApiDocument } from '@conversa/contract/openapi';
import { Hono } from 'hono';
import { ping } from '../db/database';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import type { AppEnv } from '../http/env';
import { ok } from '../http/respond';
import { endpointRouter } from '../http/route';

export function metaRoutes(deps: AppDeps) {
  let openapi: unknown = null;
  const app = new Hono<AppEnv>();
  endpointRouter(deps)(app, endpoints.health, async (c) => {
    if (!(await ping(deps.database.db))) throw new ApiError(503, 'internal_error');
    return ok(c, { status: 'ok' as const });
  });
  // The document describing the table is not one of its entries.
  app.get('/openapi.json', (c) => {
    openapi ??= buildOpenApiDocument(deps.config.publicUrl);
    return c.json(openapi);
  });
  return app;
}
