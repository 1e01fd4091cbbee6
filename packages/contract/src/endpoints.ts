/**
 * Every API endpoint, with its access rule and schemas. The OpenAPI document is generated from this
 * table, and a server test checks that each entry is served and guarded as it says.
 */
import type { Endpoint } from './endpoints/endpoint';
import { platformEndpoints } from './endpoints/platform';
import { authEndpoints } from './endpoints/auth';
import { usersEndpoints } from './endpoints/users';
import { institutionsEndpoints } from './endpoints/institutions';
import { assistantsEndpoints } from './endpoints/assistants';
import { chatEndpoints } from './endpoints/chat';

export type { Access, Endpoint } from './endpoints/endpoint';

/** The whole table, area by area (the files under `endpoints/`). */
export const endpoints = {
  ...platformEndpoints,
  ...authEndpoints,
  ...usersEndpoints,
  ...institutionsEndpoints,
  ...assistantsEndpoints,
  ...chatEndpoints,
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
