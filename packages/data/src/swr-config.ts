/**
 * SWR settings of docs/product.md#calls: data is fresh for 10 minutes and kept 15 (see `cache.ts`); nothing is
 * refetched on mount when cached, on focus or on reconnect; a failed read is retried at most 3
 * times, only for answers >= 500 and for timeouts and network failures, after 1 s, 2 s, 4 s … (doubling,
 * capped at 30 s). ky's own retry is off (`client.ts`), so these are the only retries.
 */
import type { SWRConfiguration, SWRResponse } from 'swr';
import { type ApiRequestError, isApiRequestError } from './errors';

/** How long fetched data counts as fresh: mounts and revalidations within it share one request. */
export const FRESH_MS = 10 * 60 * 1000;
/** Retries of a failed read, after the first attempt. */
export const MAX_RETRIES = 3;
/** Delay before the first retry; it doubles on each one. */
export const RETRY_BASE_MS = 1000;
/** The longest delay between retries. */
export const RETRY_CAP_MS = 30 * 1000;

/** True when trying again may help: the server failed (>= 500) or no answer came. */
export function isRetryable(error: unknown): boolean {
  if (!isApiRequestError(error)) return false;
  if (error.kind === 'http') return error.status >= 500;
  return error.kind === 'timeout' || error.kind === 'network';
}

/** 1 s, 2 s, 4 s, … for retry number `retryCount` (1-based), capped at 30 s. */
export function backoff(retryCount: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, retryCount - 1), RETRY_CAP_MS);
}

/** The delay before retry number `retryCount` (1-based), or null when there is to be no retry. */
export function retryDelay(error: unknown, retryCount: number): number | null {
  if (!isRetryable(error) || retryCount < 1 || retryCount > MAX_RETRIES) return null;
  return backoff(retryCount);
}

/** SWR's retry hook, following `retryDelay`. */
export const onErrorRetry: NonNullable<SWRConfiguration['onErrorRetry']> = (
  error,
  _key,
  _config,
  revalidate,
  options,
) => {
  const delay = retryDelay(error, options.retryCount);
  if (delay !== null) setTimeout(() => void revalidate(options), delay);
};

/** The SWR configuration of the whole app (the `DataProvider` adds the cache and error reporting). */
export const swrConfig: SWRConfiguration = {
  dedupingInterval: FRESH_MS,
  // A mount only fetches what the cache lacks (first visit, or evicted after 15 idle minutes).
  revalidateIfStale: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: true,
  errorRetryCount: MAX_RETRIES,
  errorRetryInterval: RETRY_BASE_MS,
  onErrorRetry,
};

/**
 * What a read hook returns, named for the declarations (`useSWR`'s inferred type refers to SWR's
 * internal modules): `data` is undefined until the first answer.
 */
export type ReadResponse<Data> = SWRResponse<
  Data,
  ApiRequestError,
  SWRConfiguration<Data, ApiRequestError> | undefined
>;
