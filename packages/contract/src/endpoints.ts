/**
 * Every API endpoint, with its access rule, tenant scope and schemas. The server makes its routes
 * from this table (one helper enforces access and scope), the OpenAPI document is generated from it,
 * and the clients call the same entries' routes (`routes/`).
 */
import type { GenericSchema, InferInput, InferOutput } from 'valibot';
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
import { websitesEndpoints } from './endpoints/websites';
import { privacyEndpoints } from './endpoints/privacy';
import { reviewEndpoints } from './endpoints/review';

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
  ...websitesEndpoints,
  ...privacyEndpoints,
  ...reviewEndpoints,
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
/** The table's type: each entry with its literal method, path, access, scope and schemas. */
export type Endpoints = typeof endpoints;

/** The table's entry of a route (by method and path); never for a route the table lacks. */
export type EntryOf<R extends Route> = {
  [K in EndpointName]: Endpoints[K] extends { method: R['method']; path: R['path'] } ? Endpoints[K] : never;
}[EndpointName];

/** The route (method and path) of every entry: the only routes a client may call. */
export type TableRoute = { [K in EndpointName]: Pick<Endpoints[K], 'method' | 'path'> }[EndpointName];

/**
 * What a route answers in `{data}`: its entry's `response` (`unknown` for an entry that declares
 * none: a text or empty answer); `never` for a route the table lacks, which no call accepts.
 */
export type AnswerOf<R extends Route> = [EntryOf<R>] extends [never]
  ? never
  : EntryOf<R> extends { response: infer S extends GenericSchema }
    ? InferOutput<S>
    : unknown;

/** A query value as it is written: the schema reads strings, so `'3'` may be given as `3`, `'true'` as `true`. */
type QueryValue<T> = T extends string
  ? string extends T
    ? string | number
    : T | (T extends `${infer B extends boolean}` ? B : T extends `${infer N extends number}` ? N : never)
  : T;

/**
 * A route's JSON body as its schema reads it (`InferInput` of the entry's `body`, snake_case as the
 * server parses it: the client's `toSnakeCase` also lets callers write it camelCase); `never` for an
 * entry without one (multipart uploads send `FormData` instead).
 */
export type BodyOf<R extends Route> =
  EntryOf<R> extends { body: infer S extends GenericSchema } ? InferInput<S> : never;

/** A route's query as its schema reads it, each value also as the number or boolean it spells; `never` without one. */
export type QueryOf<R extends Route> =
  EntryOf<R> extends { query: infer S extends GenericSchema }
    ? { [K in keyof InferInput<S>]: QueryValue<InferInput<S>[K]> }
    : never;

/** True when a route's entry takes a multipart body. */
export type IsMultipart<R extends Route> = EntryOf<R> extends { multipart: true } ? true : false;
