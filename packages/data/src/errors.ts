/**
 * The one error type the app sees. A server answer gives its `status`, localized `message`, stable
 * `code` and field `issues`; without an answer (timeout, network) the message is the client's or fetch's own.
 */
import type { Issue } from '@conversa/contract/common';
import { HttpError, TimeoutError } from './http';

/** Why a request failed: the server answered an error, it took too long, or no answer came. */
export type FailureKind = 'http' | 'timeout' | 'network' | 'aborted';

/** A failed API call. `status` is 0 when no answer came. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  /** Set when this failure ended the session (a 401 on a signed-in call). */
  sessionExpired = false;
  /** A 404 the app handled: the user no longer belongs to the institution the call named (`onInstitutionNotFound`). */
  institutionLost = false;

  constructor(
    message: string,
    readonly kind: FailureKind,
    readonly status: number,
    /** The server's stable code (`codes.ts`), or `timeout` / `network_error` / `aborted`. */
    readonly code: string,
    readonly issues: Issue[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** True for errors thrown by this package's calls. */
export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

interface ErrorBody {
  message?: unknown;
  code?: unknown;
  issues?: unknown;
}

async function readBody(response: Response): Promise<ErrorBody> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as ErrorBody) : {};
  } catch {
    // Proxies and gateways answer HTML or nothing: keep the client's message.
    return {};
  }
}

/** Turns whatever a call threw into an `ApiRequestError`. */
export async function toApiRequestError(error: unknown): Promise<ApiRequestError> {
  if (isApiRequestError(error)) return error;
  if (error instanceof HttpError) {
    const { status } = error.response;
    const body = await readBody(error.response);
    return new ApiRequestError(
      typeof body.message === 'string' && body.message ? body.message : error.message,
      'http',
      status,
      typeof body.code === 'string' ? body.code : `http_${status}`,
      Array.isArray(body.issues) ? (body.issues as Issue[]) : [],
      { cause: error },
    );
  }
  if (error instanceof TimeoutError)
    return new ApiRequestError(error.message, 'timeout', 0, 'timeout', [], { cause: error });
  if (error instanceof Error && error.name === 'AbortError') {
    return new ApiRequestError(error.message, 'aborted', 0, 'aborted', [], { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ApiRequestError(message, 'network', 0, 'network_error', [], { cause: error });
}

/**
 * Wraps a reporter so the same text within `windowMs` is reported once: a burst of identical
 * failures (several hooks on one dead server) becomes one toast.
 */
export function dedupeByText(
  report: (error: ApiRequestError) => void,
  windowMs: number,
): (error: ApiRequestError) => void {
  const lastSeen = new Map<string, number>();
  return (error) => {
    const now = Date.now();
    for (const [text, at] of lastSeen) if (now - at >= windowMs) lastSeen.delete(text);
    if (lastSeen.has(error.message)) return;
    lastSeen.set(error.message, now);
    report(error);
  };
}
