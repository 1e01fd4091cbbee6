/** The platform's own endpoints: health and the country list. */
import * as v from 'valibot';
import { CountrySchema } from '../country';
import type { Endpoint } from './endpoint';

const HealthSchema = v.object({ status: v.literal('ok') });

export const platformEndpoints = {
  health: {
    method: 'GET',
    path: '/health',
    summary: 'Liveness and database check',
    tag: 'meta',
    access: 'public',
    response: HealthSchema,
  },
  countries: {
    method: 'GET',
    path: '/country',
    summary: "ISO 3166 countries in the request's language",
    tag: 'country',
    access: 'public',
    response: v.array(CountrySchema),
  },
} as const satisfies Record<string, Endpoint>;
