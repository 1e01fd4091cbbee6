import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { countries, ready } from '@conversa/contract/routes/platform';
import { renderHook } from '@testing-library/react';
import useSWR from 'swr';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDataClient } from './client';
import { ApiRequestError } from './errors';
import { memoryStorage } from './session';
import { backoff, isRetryable, MAX_RETRIES, retryDelay, swrConfig } from './swr-config';
import { startApi, type TestApi } from './testing/api';
import { dataWrapper, settle, snapshot, until } from './testing/render';

const http = (status: number) => new ApiRequestError(`status ${status}`, 'http', status, `http_${status}`);

describe('retry decisions', () => {
  it('retries only answers >= 500, timeouts and network failures', () => {
    for (const status of [500, 502, 503, 504]) expect(isRetryable(http(status))).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 413, 429]) expect(isRetryable(http(status))).toBe(false);
    expect(isRetryable(new ApiRequestError('fetch failed', 'network', 0, 'network_error'))).toBe(true);
    expect(isRetryable(new ApiRequestError('Request timed out', 'timeout', 0, 'timeout'))).toBe(true);
    expect(isRetryable(new ApiRequestError('aborted', 'aborted', 0, 'aborted'))).toBe(false);
    expect(isRetryable(new Error('a bug'))).toBe(false);
  });

  it('waits 1 s, 2 s, 4 s and stops after 3 retries; the backoff is capped at 30 s', () => {
    expect([1, 2, 3, 4].map((n) => retryDelay(http(503), n))).toEqual([1000, 2000, 4000, null]);
    expect(retryDelay(http(404), 1)).toBeNull();
    expect(MAX_RETRIES).toBe(3);
    expect([5, 6, 7, 20].map(backoff)).toEqual([16_000, 30_000, 30_000, 30_000]);
  });

  it('exports docs/product.md#calls settings: 10 minutes fresh, no revalidation on mount, focus or reconnect', () => {
    expect(swrConfig).toMatchObject({
      dedupingInterval: 10 * 60 * 1000,
      revalidateIfStale: false,
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      errorRetryCount: 3,
    });
  });
});

describe('retries of a real server', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());
  afterEach(() => vi.useRealTimers());

  it('a 404 is not retried and is reported at once', async () => {
    const onError = vi.fn();
    const client = api.client({ onError });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { result } = renderHook(
      () =>
        snapshot(
          useSWR(['nope'], () =>
            // @ts-expect-error a route the table lacks does not compile; at run time it answers 404
            client.endpoint({ method: 'GET', path: '/no-such-thing' }, { report: false }),
          ),
        ),
      {
        wrapper: dataWrapper(client),
      },
    );
    await until(() => result.current.error !== undefined);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ status: 404, code: 'not_found' });
    await vi.advanceTimersByTimeAsync(120_000);
    await settle();
    expect(api.received('no-such-thing')).toHaveLength(1);
  });

  it('a network failure is retried like a 5xx', async () => {
    const closed = await new Promise<Server>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    let attempts = 0;
    const onError = vi.fn();
    const client = createDataClient({
      baseUrl: `http://127.0.0.1:${port}/api`,
      storage: memoryStorage(),
      onError,
      fetch: (input, init) => {
        attempts += 1;
        return fetch(input, init);
      },
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { result } = renderHook(
      () => snapshot(useSWR(['offline'], () => client.endpoint(countries, { report: false }))),
      {
        wrapper: dataWrapper(client),
      },
    );
    await until(() => result.current.error !== undefined && !result.current.isValidating);
    expect(attempts).toBe(1);
    for (const delay of [1000, 2000, 4000]) {
      const before = attempts;
      await vi.advanceTimersByTimeAsync(delay - 1);
      await settle();
      expect(attempts, `no retry before ${delay} ms`).toBe(before);
      await vi.advanceTimersByTimeAsync(1);
      await until(() => attempts === before + 1 && !result.current.isValidating);
    }
    await until(() => onError.mock.calls.length === 1);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ kind: 'network', status: 0 });
    await vi.advanceTimersByTimeAsync(60_000);
    await settle();
    expect(attempts).toBe(4);
  });

  it('a 503 is retried after 1 s, 2 s and 4 s, then reported once', async () => {
    const onError = vi.fn();
    const client = api.client({ onError });
    expect(await client.endpoint(ready)).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
    // With the database gone (last test of this server), the readiness check answers 503.
    await api.breakDatabase();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const before = api.received('ready').length;
    const count = () => api.received('ready').length - before;
    const { result } = renderHook(
      () => snapshot(useSWR(['ready'], () => client.endpoint(ready, { report: false }))),
      {
        wrapper: dataWrapper(client),
      },
    );
    await until(() => count() === 1 && result.current.error !== undefined && !result.current.isValidating);
    expect(result.current.error).toMatchObject({ status: 503, code: 'not_ready' });

    let attempts = 1;
    for (const delay of [1000, 2000, 4000]) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      await settle();
      expect(count(), `no retry before ${delay} ms`).toBe(attempts);
      expect(onError).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      attempts += 1;
      await until(() => count() === attempts && !result.current.isValidating);
    }
    expect(count()).toBe(1 + MAX_RETRIES);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ status: 503 });

    await vi.advanceTimersByTimeAsync(120_000);
    await settle();
    expect(count()).toBe(1 + MAX_RETRIES);
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
