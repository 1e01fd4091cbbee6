/**
 * What the client needs of an endpoint: its method and path, without schemas. Each entry of the
 * endpoint table (`endpoints/`) is made from one of these, so the client can import the few it calls
 * without pulling in the table or its validation schemas.
 */

/** The HTTP methods of the API. */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Route {
  readonly method: Method;
  /** Under `/api`, OpenAPI style (`/institution/{id}`). */
  readonly path: string;
}

/** The names of a path's `{params}`. */
export type PathParamName<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamName<Rest>
  : never;

/** The values that fill a path's `{params}`. */
export type PathParams<P extends string> = { [Name in PathParamName<P>]: string | number };

/** The path with its `{params}` filled in (encoded), without the leading slash (relative to the API base). */
export function fillPath(path: string, params?: Record<string, string | number>): string {
  // Only a path with `{params}` reads them, and its type requires them.
  return path.slice(1).replace(/{(\w+)}/g, (_, name: string) => encodeURIComponent(params![name]!));
}
