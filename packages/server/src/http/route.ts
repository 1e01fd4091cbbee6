/**
 * The one way an API route is made: an entry of the contract's endpoint table and a handler. The
 * entry's method and path become the route; before the handler runs, its access rule and tenant
 * scope are enforced (auth/resolve-scope.ts, handed in as `deps.gate`) and its params, query and JSON body validated with its
 * schemas. Handlers get the typed scope and inputs and stay short; none checks access by hand.
 */
import type { Endpoint } from '@conversa/contract/endpoints';
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import type { AnyScope } from '../auth/resolve-scope';
import type {
  AssistantScope,
  ConversationScope,
  GuestScope,
  InstitutionScope,
  SelfScope,
  StaffScope,
} from '../auth/scope';
import type { AppDeps } from '../deps';
import type { AppEnv } from './env';
import { notFound } from './errors';
import { readJson, readQuery } from './validate';

type Output<S> = S extends v.GenericSchema ? v.InferOutput<S> : never;

/** The scope a handler of `E` is given. */
export type ScopeOf<E extends Endpoint> = E['access'] extends 'public' | 'metrics'
  ? Record<string, never>
  : E['access'] extends 'guest'
    ? GuestScope
    : E['scope'] extends 'assistant'
      ? AssistantScope
      : E['scope'] extends 'conversation'
        ? ConversationScope
        : E['scope'] extends 'institution'
          ? InstitutionScope
          : E['scope'] extends 'self'
            ? SelfScope
            : StaffScope;

/** What a handler of `E` is given besides the context. */
export interface RouteInput<E extends Endpoint> {
  scope: ScopeOf<E>;
  params: E extends { params: infer S } ? Output<S> : Record<string, never>;
  query: E extends { query: infer S } ? Output<S> : undefined;
  /** The validated JSON body; multipart and bodiless endpoints read theirs themselves. */
  body: E extends { body: infer S } ? Output<S> : undefined;
}

/** A route's handler. */
export type RouteHandler<E extends Endpoint> = (
  c: Context<AppEnv>,
  input: RouteInput<E>,
) => Response | Promise<Response>;

/** Hono's path of an entry: `{id}` → `:id`; a `{param}` that is a choice matches only its options. */
export function honoPath(endpoint: Endpoint): string {
  const entries = (endpoint.params as { entries?: Record<string, { type: string; options?: unknown[] }> })
    ?.entries;
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const param = entries?.[name];
    return param?.type === 'picklist' ? `:${name}{${(param.options ?? []).join('|')}}` : `:${name}`;
  });
}

/** The route helper of one app: `route(app, endpoints.getFaqs, async (c, { scope }) => …)`. */
export function endpointRouter(deps: Pick<AppDeps, 'gate'>) {
  // The app's tenancy gate (auth/resolve-scope.ts), made once by createApp: http/ sits below auth/.
  const resolveScope = deps.gate;

  return function route<E extends Endpoint>(app: Hono<AppEnv>, endpoint: E, handler: RouteHandler<E>) {
    const { params: paramsSchema, query: querySchema, body: bodySchema } = endpoint as Endpoint;
    app.on(endpoint.method, honoPath(endpoint), async (c) => {
      // The metrics count the request under its template, never its URL (meta/metrics.ts).
      c.set('route', endpoint.path);
      let params: unknown;
      // A path value the entry refuses names nothing: 404. Read once the token is checked (401 first).
      const readParams = () => {
        if (params === undefined) {
          if (!paramsSchema) params = {};
          else {
            const result = v.safeParse(paramsSchema, c.req.param());
            if (!result.success) throw notFound();
            params = result.output;
          }
        }
        return params;
      };
      const scope: AnyScope = await resolveScope(c, endpoint, readParams);
      readParams();
      const query = querySchema ? readQuery(c, querySchema) : undefined;
      const body = bodySchema && !endpoint.multipart ? await readJson(c, bodySchema) : undefined;
      return handler(c, { scope, params, query, body } as RouteInput<E>);
    });
    return app;
  };
}
