/** Health and the OpenAPI document. */
import { buildOpenApiDocument } from '@conversa/contract/openapi';
import { Hono } from 'hono';
import { ping } from '../db/database';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import type { AppEnv } from '../http/env';
import { ok } from '../http/respond';

export function metaRoutes(deps: AppDeps) {
  let openapi: unknown = null;
  return new Hono<AppEnv>()
    .get('/health', async (c) => {
      if (!(await ping(deps.database.db))) throw new ApiError(503, 'internal_error');
      return ok(c, { status: 'ok' as const });
    })
    .get('/openapi.json', (c) => {
      openapi ??= buildOpenApiDocument(deps.config.publicUrl);
      return c.json(openapi);
    });
}
