/**
 * The fetch under the client: a base URL, a query string, JSON bodies, a timeout until the answer's
 * headers, and failures thrown as `HttpError` (an answer that is not 2xx) or `TimeoutError`. What
 * the client used of ky, in a few hundred bytes: the widget's first load counts every one.
 */

/** An answer that is not 2xx; the client reads its `{message, code, issues}`. */
export class HttpError extends Error {
  override readonly name = 'HTTPError';
  constructor(
    readonly response: Response,
    method: string,
    url: string,
  ) {
    super(`Request failed with status code ${response.status}: ${method} ${url}`);
  }
}

/** No answer within the timeout. */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
  constructor(method: string, url: string) {
    super(`Request timed out: ${method} ${url}`);
  }
}

export interface HttpRequest {
  method: string;
  headers: Record<string, string>;
  /** Sent as JSON (with `stringifyJson`). */
  json?: unknown;
  /** Sent as it is (an upload's FormData). */
  body?: BodyInit;
  /** The query string; undefined values are left out. */
  searchParams?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Milliseconds until the answer's headers, or false for none (streams). */
  timeout: number | false;
}

/** A requester of `path`s under `baseUrl`. */
export function createHttp(options: {
  baseUrl: string;
  fetch?: typeof fetch;
  stringifyJson: (data: unknown) => string;
}) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const send = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  return async (path: string, request: HttpRequest): Promise<Response> => {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(request.searchParams ?? {})) {
      if (value !== undefined) query.set(name, String(value));
    }
    const search = query.toString();
    const url = `${base}/${path}${search ? `?${search}` : ''}`;
    const headers = { ...request.headers };
    let body = request.body;
    if (request.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = options.stringifyJson(request.json);
    }
    const { method, signal, timeout } = request;
    // The caller's signal aborts the request (and a stream's body) at any time; the timeout only
    // until the headers arrive.
    const controller = new AbortController();
    const abort = () => controller.abort(signal?.reason);
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
    let timedOut = false;
    const timer =
      timeout === false
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeout);
    try {
      const response = await send(url, { method, headers, body, signal: controller.signal });
      if (!response.ok) throw new HttpError(response, method, url);
      return response;
    } catch (error) {
      throw timedOut ? new TimeoutError(method, url) : error;
    } finally {
      clearTimeout(timer);
    }
  };
}
