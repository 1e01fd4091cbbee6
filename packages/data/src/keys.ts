/**
 * Cache keys made from the routes of the endpoint table: a read's SWR key is its route's path split
 * into segments, the `{params}` filled in, then its query when it has one
 * (`GET /institution-product/{id}/conversation` with id 7 and a query is
 * `['institution-product', 7, 'conversation', query]`). Keys of one resource thus share a prefix, which
 * the invalidation matchers (`is…Key`) rely on.
 */
import type { TableRoute } from '@conversa/contract/endpoints';
import type { PathParamName, PathParams } from '@conversa/contract/routes/route';

/** A segment: a literal, or the value given for its `{param}`. */
type Segment<S extends string, V> = S extends `{${infer Name}}`
  ? Name extends keyof V
    ? V[Name]
    : never
  : S;

/** The segments of a path, `{params}` as the values given. */
type Segments<P extends string, V> = P extends `/${infer Rest}`
  ? Segments<Rest, V>
  : P extends `${infer Head}/${infer Tail}`
    ? [Segment<Head, V>, ...Segments<Tail, V>]
    : [Segment<P, V>];

/** The SWR key of a read of `route` with its `params` (and `query`, normalized by the caller). */
export function routeKey<
  R extends TableRoute,
  V extends ([PathParamName<R['path']>] extends [never] ? undefined : PathParams<R['path']>),
  Q extends object | string | undefined = undefined,
>(
  route: R,
  params: V,
  query?: Q,
): readonly [...Segments<R['path'], V>, ...([Q] extends [undefined] ? [] : [Q])] {
  const values = params as Record<string, string | number> | undefined;
  const segments = route.path
    .slice(1)
    .split('/')
    .map((segment) => (segment.startsWith('{') ? values![segment.slice(1, -1)]! : segment));
  return (query === undefined ? segments : [...segments, query]) as never;
}

/**
 * Matches the keys of reads of `route` (any query): its literal segments, and the `{params}` given in
 * `params` (a param left out matches any value). The invalidation matchers are made with it, so they
 * follow the route's path as the keys do.
 */
export function isRouteKey<R extends TableRoute>(
  route: R,
  params?: Partial<PathParams<R['path']>>,
): (key: unknown) => boolean {
  const values = (params ?? {}) as Record<string, string | number | undefined>;
  const segments = route.path.slice(1).split('/');
  return (key) =>
    Array.isArray(key) &&
    (key.length === segments.length ||
      (key.length === segments.length + 1 && typeof key.at(-1) !== 'number')) &&
    segments.every((segment, index) => {
      if (!segment.startsWith('{')) return key[index] === segment;
      const value = values[segment.slice(1, -1)];
      return value === undefined || key[index] === value;
    });
}
