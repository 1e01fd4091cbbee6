/** `GET country`: the full ISO 3166 list in the request's language. */
import { endpoints } from '@conversa/contract/endpoints';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { ok } from '../http/respond';
import { endpointRouter } from '../http/route';
import { listCountries } from './countries.service';

export function countriesRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  endpointRouter(deps)(app, endpoints.countries, (c) => {
    c.header('Cache-Control', 'public, max-age=86400');
    c.header('Vary', 'Accept-Language');
    return ok(c, listCountries(c.get('locale')));
  });
  return app;
}
