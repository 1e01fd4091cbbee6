/**
 * Every API endpoint, with its access rule, tenant scope and schemas. The server makes its routes
 * from this table (one helper enforces access and scope), the OpenAPI document is generated from it,
 * and the clients call the same entries' routes (`routes/`).
 */
import type { GenericSchema, InferOutput } from 'valibot';
import type { Endpoint } from './endpoints/endpoint';
import type { Route } from './routes/route';
import { platformEndpoints } from './endpoints/platform';
import { authEndpoints } from './endpoints/auth';
import { usersEndpoints } from './endpoints/users';
import { institutionsEndpoints } from './endpoints/institutions';
import { assistantsEndpoints } from './endpoints/assistants';
import { chatEndpoints } from './endpoints/chat';
import { conversationsEndpoints } from './endpoints/conversations';
import { salesEndpoints } from './endpoints/sales';
import { recordsEndpoints } from './endpoints/records';
import { teamEndpoints } from './endpoints/team';

export type { Access, Endpoint, Scope } from './endpoints/endpoint';

/** The whole table, area by area (the files under `endpoints/`). */
export const endpoints = {
  ...platformEndpoints,
  ...authEndpoints,
  ...usersEndpoints,
  ...institutionsEndpoints,
  ...assistantsEndpoints,
  ...chatEndpoints,
  ...conversationsEndpoints,
  ...salesEndpoints,
  ...recordsEndpoints,
  ...teamEndpoints,
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
/** The table's type: each entry with its literal method, path, access, scope and schemas. */
export type Endpoints = typeof endpoints;

/** The table's entry of a route (by method and path); never for a route the table lacks. */
export type EntryOf<R extends Route> = {
  [K in EndpointName]: Endpoints[K] extends { method: R['method']; path: R['path'] } ? Endpoints[K] : never;
}[EndpointName];

/** What a route answers in `{data}`: its entry's `response`, or `unknown` for a route the table lacks. */
export type AnswerOf<R extends Route> = [EntryOf<R>] extends [never]
  ? unknown
  : EntryOf<R> extends { response: infer S extends GenericSchema }
    ? InferOutput<S>
    : unknown;
