/**
 * Every API endpoint, with its access rule, tenant scope and schemas. The server makes its routes
 * from this table (one helper enforces access and scope), the OpenAPI document is generated from it,
 * and the clients call the same entries' routes (`routes/`).
 */
import type { Endpoint } from './endpoints/endpoint';
import { platformEndpoints } from './endpoints/platform';
import { authEndpoints } from './endpoints/auth';
import { usersEndpoints } from './endpoints/users';
import { institutionsEndpoints } from './endpoints/institutions';
import { assistantsEndpoints } from './endpoints/assistants';
import { chatEndpoints } from './endpoints/chat';

export type { Access, Endpoint, Scope } from './endpoints/endpoint';

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
/** The table's type: each entry with its literal method, path, access, scope and schemas. */
export type Endpoints = typeof endpoints;
