/** The platform's own endpoints: health and the country list. */
import * as v from 'valibot';
import { CountrySchema } from '../country';
import type { Endpoint } from './endpoint';
import * as routes from '../routes/platform';

const HealthSchema = v.object({ status: v.literal('ok') });

export const platformEndpoints = {
  health: {
    ...routes.health,
    summary: 'Liveness and database check',
    tag: 'meta',
    access: 'public',
    scope: 'none',
    response: HealthSchema,
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
