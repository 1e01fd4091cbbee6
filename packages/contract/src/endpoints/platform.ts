/** The platform's own endpoints: liveness, readiness, metrics and the country list. */
import * as v from 'valibot';
import { CountrySchema } from '../country';
import type { Endpoint } from './endpoint';
import * as routes from '../routes/platform';

const HealthSchema = v.object({ status: v.literal('ok') });
const ReadySchema = v.object({
  status: v.literal('ok'),
  database: v.literal('ok'),
  storage: v.literal('ok'),
});

export const platformEndpoints = {
  health: {
    ...routes.health,
    summary: 'Liveness: the process answers (it checks nothing else)',
    tag: 'meta',
    access: 'public',
    scope: 'none',
    response: HealthSchema,
  },
  ready: {
    ...routes.ready,
    summary:
      'Readiness: the database answers and the file store writes, reads and deletes (503 `not_ready` otherwise)',
    tag: 'meta',
    access: 'public',
    scope: 'none',
    response: ReadySchema,
  },
  metrics: {
    ...routes.metrics,
    summary:
      'Prometheus metrics (text exposition): requests by route and status, latency, jobs by state, open event streams',
    tag: 'meta',
    access: 'metrics',
    scope: 'none',
    text: true,
  },
  countries: {
    ...routes.countries,
    summary: "ISO 3166 countries in the request's language",
    tag: 'country',
    access: 'public',
    scope: 'none',
    response: v.array(CountrySchema),
  },
} as const satisfies Record<string, Endpoint>;
