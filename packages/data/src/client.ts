/**
 * The API client: the one HTTP client of the frontends (`http.ts`). Every call carries `Authorization:
 * Bearer` (the guest token when there is one, else the staff jwt), `X-Institution-Id` from the
 * session (unless the call opts out) and `Accept-Language`; bodies go out snake_case; answers are
 * unwrapped from `{data}`. A staff token past half its life is first exchanged at `auth/renew`
 * (`renewal.ts`). Failures become `ApiRequestError`s: a 401 on a call that carried a token
 * ends the session (store and cache cleared, `onUnauthorized` once); a 404 in the institution the
 * session acts in goes first to `onInstitutionNotFound` (the console checks the user still belongs
 * there: `institutions/membership.ts`); anything else goes to `onError`, the same text once per
 * window. The package reports; the app decides what to show.
 */
import type { Session } from '@conversa/contract/auth';
import { TOAST_DURATION_MS } from '@conversa/contract/constants';
import type { AnswerOf, BodyOf, IsMultipart, QueryOf, TableRoute } from '@conversa/contract/endpoints';
import { renew as renewRoute } from '@conversa/contract/routes/auth';
import { fillPath, type PathParamName, type PathParams, type Route } from '@conversa/contract/routes/route';
import { type Key, type State, type Unloader, unstable_serialize } from 'swr';
import { createDataCache, type DataCache } from './cache';
import { type EitherCase, toSnakeCase } from './case';
import { type ApiRequestError, dedupeByText, isApiRequestError, toApiRequestError } from './errors';
import { createHttp } from './http';
import { HEADERS } from '@conversa/contract/http';
import { detectLocale } from './locale';
import { renewalClock } from './renewal';
import { createSessionStore, type KeyValueStorage, type SessionStore } from './session';

/** What the app is told. */
export interface DataClientHandlers {
  /** A failure to show (a toast in the console). Deduplicated by text. */
  onError?: (error: ApiRequestError) => void;
  /** The session ended on a 401: the store and the cache are already cleared. Called once per session. */
  onUnauthorized?: (error: ApiRequestError) => void;
  /**
   * A staff call in the institution the session acts in answered 404: resolves true when that is
   * handled (the user no longer belongs there), and the failure is then not reported.
   */
  onInstitutionNotFound?: (institutionId: number) => Promise<boolean>;
}

/** `createDataClient` options; only `baseUrl` is required. */
export interface DataClientOptions extends DataClientHandlers {
  /** Where the API lives, e.g. `/api` or `https://console.example/api`. */
  baseUrl: string;
  /** Where the session persists (default: localStorage, else memory). Ignored when `session` is given. */
  storage?: KeyValueStorage;
  session?: SessionStore;
  /** The same error text is reported once within this window (default: the toast duration). */
  errorDedupeMs?: number;
  /** Per-request timeout in ms until the answer's headers (default 10 s); a timeout is retried like a network failure. */
  timeout?: number;
  /** A fetch implementation (default: the global one). */
  fetch?: typeof fetch;
  /** The clock that ages tokens for renewal, in ms (default `Date.now`; tests share the server's). */
  now?: () => number;
}

export type { Method, Route } from '@conversa/contract/routes/route';

/** A query string as `http.ts` writes it (undefined values left out). */
type SearchParams = Record<string, string | number | boolean | undefined>;

/** Options of one call, whatever its route. */
export interface CallOptions {
  /** Cancels the call (it then fails with kind `aborted`, which is never reported). */
  signal?: AbortSignal;
  /** Send `X-Institution-Id` (default true; the profile PUT sends none). */
  institution?: boolean;
  /**
   * Report a failure to `onError`: default true for reads (hooks report once SWR stops retrying),
   * false for writes, whose caller shows the failure (in its form) or calls `report`.
   */
  report?: boolean;
  /** A 401 means the session is over (default true; false where a 401 means wrong credentials). */
  sessionCheck?: boolean;
  /** `staff` sends the staff jwt even when a guest token is present (logout must revoke the staff session). */
  token?: 'preferred' | 'staff';
  /** A stream's `Last-Event-ID`: the last event it got before it was cut (server-sent events). */
  lastEventId?: string;
}

/** `T` with its arrays readonly, deeply: a call may send the readonly lists it holds. */
type Readable<T> = T extends readonly (infer Item)[]
  ? readonly Readable<Item>[]
  : T extends Date | Blob
    ? T
    : T extends object
      ? { [K in keyof T]: Readable<T[K]> }
      : T;

/** `key` required when `T` has a required property, else optional; absent when `T` is `never`. */
type Part<Key extends string, T> = [T] extends [never]
  ? { [K in Key]?: undefined }
  : Record<string, never> extends T
    ? { [K in Key]?: T }
    : { [K in Key]: T };

/**
 * What a route's entry lets a call send: `json`, its body schema's input (snake_case as the server
 * reads it, or camelCase: it goes out snake_case); `body`, a `FormData` for a multipart entry;
 * `searchParams`, its query schema's input. A route without one of them takes none.
 */
export type RequestOf<R extends Route> = Part<
  'json',
  [BodyOf<R>] extends [never] ? never : Readable<EitherCase<BodyOf<R>>>
> &
  Part<'body', IsMultipart<R> extends true ? FormData : never> &
  Part<'searchParams', QueryOf<R>> &
  Part<'params', [PathParamName<R['path']>] extends [never] ? never : PathParams<R['path']>>;

/** A call's options: the route's request (its `{params}`, body and query, typed by its entry) and `CallOptions`. */
export type EndpointOptions<R extends Route> = CallOptions & RequestOf<R>;

/** Options of any route (within the client). */
export type AnyOptions = CallOptions & {
  params?: Record<string, string | number>;
  json?: unknown;
  body?: FormData;
  searchParams?: SearchParams;
};

/** The options argument of a route: optional unless its entry requires params, a body or a query. */
export type OptionsArg<R extends Route> =
  Record<string, never> extends RequestOf<R> ? [options?: EndpointOptions<R>] : [options: EndpointOptions<R>];

/** The cache operations SWR binds once a `DataProvider` is mounted. */
export interface CacheBinding {
  mutate: (key: string, ...rest: [data: unknown, options: { revalidate: boolean }] | []) => Promise<unknown>;
  unload: Unloader;
}

/** The client the hooks and fetchers share. */
export interface DataClient {
  readonly session: SessionStore;
  readonly cache: DataCache;
  /**
   * Calls the endpoint of a route (the contract's `routes/`, the method and path of a table entry),
   * its `{params}` filled in; answers the unwrapped `data`, typed by the entry, and the headers.
   */
  call<R extends TableRoute>(
    route: R,
    ...options: OptionsArg<R>
  ): Promise<{ data: AnswerOf<R>; headers: Headers }>;
  /** `call`, answering the `data` alone. */
  endpoint<R extends TableRoute>(route: R, ...options: OptionsArg<R>): Promise<AnswerOf<R>>;
  /**
   * A call answered as a stream (server-sent events): the raw response once its headers arrive,
   * with the call's headers, no timeout on the body, and failures handled as in `call`.
   */
  stream<R extends TableRoute>(route: R, ...options: OptionsArg<R>): Promise<Response>;
  /** Sends a failure to `onError` (deduplicated); 401s that ended the session are not reported. */
  report(error: unknown): void;
  /** Stores a sign-in answer (a different user than before also empties the cache). */
  signIn(session: Session, options?: { refresh?: boolean }): void;
  /** Signs out locally: session and cache cleared. */
  endSession(): void;
  /** Empties the cache; the hooks showing it are told (they fetch again on their next mount). */
  clearCache(): void;
  /** Writes a cache entry (and updates the hooks showing it). */
  setCached(key: unknown, data: unknown): Promise<void>;
  /** Entries whose key matches go stale: mounted hooks refetch now, the others on their next mount. */
  invalidate(match: (key: unknown) => boolean): Promise<void>;
  /** Replaces the handlers (the app may only know its router once rendered). */
  setHandlers(handlers: DataClientHandlers): void;
  /** Used by `DataProvider`: SWR's cache operations. */
  bindCache(binding: CacheBinding): () => void;
}

/** Creates the client; one per app (admin console, widget). */
export function createDataClient(options: DataClientOptions): DataClient {
  const session = options.session ?? createSessionStore(options.storage);
  const cache = createDataCache();
  let handlers: DataClientHandlers = {
    onError: options.onError,
    onUnauthorized: options.onUnauthorized,
    onInstitutionNotFound: options.onInstitutionNotFound,
  };
  let binding: CacheBinding | null = null;
  const dedupeMs = options.errorDedupeMs ?? TOAST_DURATION_MS;
  const reportOnce = dedupeByText((error) => handlers.onError?.(error), dedupeMs);

  const http = createHttp({
    baseUrl: options.baseUrl,
    stringifyJson: (data) => JSON.stringify(toSnakeCase(data)),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  // SWR retries reads (swr-config.ts); nothing below retries, so those are the only retries.
  const timeout = options.timeout ?? 10_000;

  const clearCache = () => {
    // SWR's unload also drops in-flight answers and tells mounted hooks; without a provider the Map is all.
    binding?.unload({ revalidate: false });
    cache.clear();
  };

  const endSession = () => {
    session.clear();
    clearCache();
  };

  const renewal = renewalClock(options.now ?? Date.now);
  let renewing: Promise<void> | null = null;
  /** Exchanges the staff token for a fresh one, once however many calls wait for it. */
  const renew = (token: string, locale: string) =>
    (renewing ??= http(fillPath(renewRoute.path), {
      method: renewRoute.method,
      headers: { 'Accept-Language': locale, Authorization: `Bearer ${token}` },
      timeout,
    })
      .then((response) => response.json() as Promise<{ data?: { jwt?: unknown } }>)
      .then(({ data }) => {
        // Signed out or switched user meanwhile: the answer belongs to nobody.
        if (typeof data?.jwt !== 'string' || session.getSnapshot().jwt !== token) return;
        renewal.received(data.jwt);
        session.update({ jwt: data.jwt });
      })
      // The call goes on with the token it has: a session that ended answers it 401.
      .catch(() => undefined)
      .finally(() => (renewing = null)));

  const expire = (token: string, error: ApiRequestError) => {
    error.sessionExpired = true;
    const state = session.getSnapshot();
    // Concurrent calls with the same dead token: only the first one ends the session.
    if (state.guestJwt !== token && state.jwt !== token) return;
    endSession();
    handlers.onUnauthorized?.(error);
  };

  const report = (error: unknown) => {
    if (
      !isApiRequestError(error) ||
      error.sessionExpired ||
      error.institutionLost ||
      error.kind === 'aborted'
    )
      return;
    reportOnce(error);
  };

  /** Sends one request and reads its answer with `read`; failures are thrown as `ApiRequestError`s. */
  const send = async <T>(
    { method, path }: Route,
    opts: AnyOptions,
    read: (response: Response) => Promise<T>,
    stream = false,
  ): Promise<T> => {
    const before = session.getSnapshot();
    const staff = opts.token === 'staff' || before.guestJwt === null;
    if (staff && before.jwt !== null && renewal.due(before.jwt)) {
      await renew(before.jwt, before.locale ?? detectLocale());
    }
    const state = session.getSnapshot();
    const token = opts.token === 'staff' ? state.jwt : (state.guestJwt ?? state.jwt);
    const headers: Record<string, string> = { 'Accept-Language': state.locale ?? detectLocale() };
    if (stream) headers.Accept = 'text/event-stream';
    if (opts.lastEventId) headers['Last-Event-ID'] = opts.lastEventId;
    if (token) headers.Authorization = `Bearer ${token}`;
    const institutionId = opts.institution !== false ? state.institutionId : null;
    if (institutionId !== null) headers[HEADERS.institution] = String(institutionId);
    try {
      const response = await http(fillPath(path, opts.params), {
        method,
        headers,
        ...(opts.json === undefined ? {} : { json: opts.json }),
        ...(opts.body === undefined ? {} : { body: opts.body }),
        ...(opts.searchParams ? { searchParams: opts.searchParams } : {}),
        ...(opts.signal ? { signal: opts.signal } : {}),
        // Until the headers only: a stream's body lasts as long as the page listens.
        timeout,
      });
      return await read(response);
    } catch (thrown) {
      const error = await toApiRequestError(thrown);
      if (error.status === 401 && token && opts.sessionCheck !== false) expire(token, error);
      else if (
        error.status === 404 &&
        token !== null &&
        token === state.jwt &&
        institutionId !== null &&
        (await handlers.onInstitutionNotFound?.(institutionId))
      )
        error.institutionLost = true;
      // A call that acts in an institution, made by a staff session that acts in none: a page of
      // the institution just lost, still asking before the app moves on. Nothing to show.
      else if (
        error.status === 404 &&
        token !== null &&
        token === state.jwt &&
        opts.institution !== false &&
        state.institutionId === null
      )
        error.institutionLost = true;
      // Reads report (a page cannot show what it failed to load); a write's failure belongs to the
      // form that made it, which shows it in place or hands it to `report` itself.
      else if (opts.report ?? method === 'GET') report(error);
      throw error;
    }
  };

  const call = (route: Route, opts: AnyOptions = {}) =>
    send(route, opts, async (response) => {
      const text = await response.text();
      const body = (text ? JSON.parse(text) : {}) as { data?: never };
      return { data: body.data as never, headers: response.headers };
    });

  return {
    session,
    cache,
    // Typed by the signatures of `DataClient`; within, any route and params.
    call: call as DataClient['call'],
    endpoint: (async (route: Route, opts?: AnyOptions) =>
      (await call(route, opts)).data) as DataClient['endpoint'],
    // The body streams for as long as the page listens: only the wait for the headers may time out.
    stream: ((route: Route, opts: AnyOptions = {}) =>
      send(route, opts, async (response) => response, true)) as DataClient['stream'],
    report,
    signIn(answer, signInOptions) {
      const previous = session.getSnapshot().user;
      if (previous && previous.id !== answer.user.id) clearCache();
      renewal.received(answer.jwt);
      session.signIn(answer, signInOptions);
    },
    endSession,
    clearCache,
    async setCached(key, data) {
      const serialized = unstable_serialize(key as Key);
      if (!binding) {
        cache.delete(serialized);
        return;
      }
      await binding.mutate(serialized, data, { revalidate: false });
      // Record the original key as hooks do, so `invalidate` can match this entry too.
      const state = cache.peek(serialized);
      if (state) cache.set(serialized, { ...state, _k: key } as State<unknown>);
    },
    async invalidate(match) {
      const revalidations: Promise<unknown>[] = [];
      for (const key of [...cache.keys()]) {
        const original = (cache.peek(key) as { _k?: unknown } | undefined)?._k ?? key;
        if (!match(original)) continue;
        if (binding && cache.held(key)) revalidations.push(binding.mutate(key));
        else {
          // SWR dedupes a key's requests for FRESH_MS: forget its last one too (a mutate without
          // data drops it), or a hook mounted later would reuse it and never fetch.
          if (binding) void binding.mutate(key);
          cache.delete(key);
        }
      }
      await Promise.all(revalidations);
    },
    setHandlers(next) {
      handlers = { ...handlers, ...next };
    },
    bindCache(next) {
      binding = next;
      return () => {
        if (binding === next) binding = null;
      };
    },
  };
}
