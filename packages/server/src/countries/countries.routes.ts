/** `GET country`: the full ISO 3166 list in the request's language. */
import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { ok } from '../http/respond';
import { listCountries } from './countries.service';

export function countriesRoutes() {
  return new Hono<AppEnv>().get('/country', (c) => {
    c.header('Cache-Control', 'public, max-age=86400');
    c.header('Vary', 'Accept-Language');
    return ok(c, listCountries(c.get('locale')));
  });
}
