/**
 * Products: `GET institution/{id}/product` and `GET institution-product/{id}`. Both are one query
 * after the auth query (they are benchmarked, docs/architecture.md#budgets): the assistant scope has read the product.
 */
import { endpoints } from '@conversa/contract/endpoints';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { ok } from '../http/respond';
import { endpointRouter } from '../http/route';
import { productsRepo } from './products.repo';

/** The product routes. */
export function productsRoutes(deps: AppDeps) {
  const products = productsRepo(deps.database.db, deps.config.publicUrl);
  const route = endpointRouter(deps);
  const app = new Hono<AppEnv>();

  route(app, endpoints.institutionProducts, async (c, { scope }) =>
    ok(c, await products.list(scope.institutionId)),
  );
  route(app, endpoints.getInstitutionProduct, (c, { scope }) => ok(c, scope.assistant));
  return app;
}
