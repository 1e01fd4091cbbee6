/**
 * Assistants: `GET institution/{id}/product` and `GET institution-product/{id}`, one prepared query each
 * after the gate's (they are benchmarked, docs/architecture.md#budgets).
 */
import { endpoints } from '@conversa/contract/endpoints';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { notFound } from '../http/errors';
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
  route(app, endpoints.getAssistant, async (c, { scope }) => {
    const assistant = await assistants.find(scope.institutionId, scope.assistantId);
    if (!assistant) throw notFound();
    return ok(c, assistant);
  });
  return app;
}
