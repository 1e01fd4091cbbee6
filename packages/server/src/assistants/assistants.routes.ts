/**
 * Assistants: `GET institution/{id}/product` and `GET institution-product/{id}`. Both are one query
 * after the auth query (they are benchmarked, docs/architecture.md#budgets): the assistant scope has already read it.
 */
import { endpoints } from '@conversa/contract/endpoints';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { ok } from '../http/respond';
import { endpointRouter } from '../http/route';
import { assistantsRepo } from './assistants.repo';

/** The assistant routes. */
export function assistantsRoutes(deps: AppDeps) {
  const assistants = assistantsRepo(deps.database.db, deps.config.publicUrl);
  const route = endpointRouter(deps);
  const app = new Hono<AppEnv>();

  route(app, endpoints.listAssistants, async (c, { scope }) =>
    ok(c, await assistants.list(scope.institutionId)),
  );
  route(app, endpoints.getAssistant, (c, { scope }) => ok(c, scope.assistant));
  return app;
}
