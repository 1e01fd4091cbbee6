/**
 * Every error leaves the server as `{message, code, issues?}` in the request's language
 * (docs/architecture.md#the-http-api). Handlers throw `ApiError`; one `onError` renders it. A 500 never carries internals.
 */
import type { Issue } from '@conversa/contract/common';
import type { ErrorCode } from '@conversa/contract/codes';
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type Params, translate } from '../i18n/translate';
import { StorageError } from '../storage/storage';
import type { AppEnv } from './env';

/** An expected failure with a status and a stable code. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    readonly options: {
      issues?: Issue[];
      params?: Params;
      headers?: Record<string, string>;
      /** The catalog key of the message when it is more precise than the code's own text. */
      message?: string;
    } = {},
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

/** True when an error is an `ApiError` (also across module copies). */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export const notFound = () => new ApiError(404, 'not_found');
export const forbidden = () => new ApiError(403, 'forbidden');
/** A creation past one of the contract's quotas (`MAX_*` in constants). */
export const quotaExceeded = (
  quota: 'institution_quota' | 'assistant_quota' | 'website_quota',
  limit: number,
) => new ApiError(403, 'quota_exceeded', { message: quota, params: { limit } });

function render(c: Context<AppEnv>, error: ApiError) {
  const locale = c.get('locale') ?? 'en';
  for (const [name, value] of Object.entries(error.options.headers ?? {})) c.header(name, value);
  return c.json(
    {
      message: translate(locale, error.options.message ?? error.code, error.options.params),
      code: error.code,
      ...(error.options.issues ? { issues: error.options.issues } : {}),
    },
    error.status,
  );
}

const fromHttpStatus: Partial<Record<number, ErrorCode>> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

export const onError: ErrorHandler<AppEnv> = (error, c) => {
  if (isApiError(error)) return render(c, error);
  if (error instanceof StorageError) {
    // The file store is down or unwritable: the request can be tried again later.
    c.get('logger')?.().error({ err: error }, 'file store failed');
    return render(c, new ApiError(503, 'storage_unavailable'));
  }
  if (error instanceof HTTPException && error.status < 500) {
    const code = fromHttpStatus[error.status] ?? 'validation_failed';
    return render(c, new ApiError(error.status, code));
  }
  c.get('logger')?.().error({ err: error }, 'unhandled error');
  return render(c, new ApiError(500, 'internal_error'));
};

export const onNotFound: NotFoundHandler<AppEnv> = (c) => render(c, notFound());
