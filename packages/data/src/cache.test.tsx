import { render } from '@testing-library/react';
import { createElement } from 'react';
import useSWR, { unstable_serialize } from 'swr';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDataCache, KEEP_MS } from './cache';
import type { DataClient } from './client';
import { countriesKey, useCountries } from './countries/list-countries';
import { listCountries } from './countries/list-countries';
import { DataProvider } from './provider';
import { startApi, type TestApi } from './testing/api';
import { settle, snapshot, until } from './testing/render';

const MINUTE = 60 * 1000;

describe('evicting cache', () => {
  afterEach(() => vi.useRealTimers());

  it('drops an entry 15 minutes after its last use, and never while a hook holds it', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const cache = createDataCache();
    cache.set('a', { data: 1 });
    vi.advanceTimersByTime(10 * MINUTE);
    expect(cache.get('a')).toEqual({ data: 1 }); // a read is a use: the countdown restarts
    vi.advanceTimersByTime(KEEP_MS - 1);
    expect(cache.peek('a')).toEqual({ data: 1 });
    vi.advanceTimersByTime(1);
    expect(cache.peek('a')).toBeUndefined();
    expect([...cache.keys()]).toEqual([]);

    cache.set('b', { data: 2 });
    cache.retain('b');
    cache.retain('b');
    vi.advanceTimersByTime(60 * MINUTE);
    cache.release('b');
    vi.advanceTimersByTime(60 * MINUTE);
    expect(cache.peek('b')).toEqual({ data: 2 });
    cache.release('b');
    vi.advanceTimersByTime(KEEP_MS - 1);
    expect(cache.held('b')).toBe(false);
    expect(cache.peek('b')).toEqual({ data: 2 });
    vi.advanceTimersByTime(1);
    expect(cache.peek('b')).toBeUndefined();
  });

  it('clears everything at once', () => {
    const cache = createDataCache();
    cache.set('a', { data: 1 });
    cache.set('b', { data: 2 });
    cache.clear();
    expect([...cache.keys()]).toEqual([]);
  });
});

describe('cache lifetimes with hooks on a real server', () => {
  let api: TestApi;
  let client: DataClient;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());
  afterEach(() => vi.useRealTimers());

  const key = unstable_serialize(countriesKey('en'));
  const requests = () => api.received('country').length;
  const seen: { data?: unknown; isLoading: boolean }[] = [];

  function Countries() {
    seen.push(snapshot(useCountries()));
    return null;
  }
  /** The provider stays mounted, as in the app; the screen using the data comes and goes. */
  const screen = (show: boolean) =>
    createElement(DataProvider, { client }, show ? createElement(Countries) : null);
  const current = () => seen.at(-1)!;

  it('is fresh for 10 minutes: a screen shown again within them does not refetch', async () => {
    client = api.client();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const view = render(screen(true));
    await until(() => current().data !== undefined);
    expect(requests()).toBe(1);
    const first = current().data;
    view.rerender(screen(false));
    await vi.advanceTimersByTimeAsync(9 * MINUTE);
    seen.length = 0;
    view.rerender(screen(true));
    // Cached data on the very first render, and no request behind it.
    expect(seen[0]?.data).toBe(first);
    expect(seen[0]?.isLoading).toBe(false);
    await settle();
    expect(requests()).toBe(1);
    view.unmount();
  });

  it('within the 10 minutes even a forced revalidation is answered from the first request', async () => {
    client = api.client();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await listCountries(client); // warm the server's own caches out of the count
    const before = requests();
    let forced: { data?: unknown } = {};
    function Forced() {
      forced = snapshot(useSWR(countriesKey('en'), () => listCountries(client), { revalidateOnMount: true }));
      return null;
    }
    const tree = (extra: boolean) =>
      createElement(DataProvider, { client }, createElement(Countries), extra ? createElement(Forced) : null);
    const view = render(tree(false));
    await until(() => current().data !== undefined);
    expect(requests()).toBe(before + 1);
    await vi.advanceTimersByTimeAsync(9 * MINUTE);
    view.rerender(tree(true));
    await until(() => forced.data !== undefined);
    await settle();
    expect(requests()).toBe(before + 1);
    view.rerender(tree(false));
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    view.rerender(tree(true));
    await until(() => requests() === before + 2);
    view.unmount();
  });

  it('is kept while shown, with no refetch on focus, visibility or reconnect', async () => {
    client = api.client();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const view = render(screen(true));
    await until(() => current().data !== undefined);
    const after = requests();
    await vi.advanceTimersByTimeAsync(40 * MINUTE);
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(requests()).toBe(after);
    expect(client.cache.peek(key)?.data).toBeDefined();
    view.unmount();
  });

  it('is evicted 15 minutes after the last screen using it goes; showing it again fetches', async () => {
    client = api.client();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const view = render(screen(true));
    await until(() => current().data !== undefined);
    const after = requests();
    view.rerender(screen(false));
    // Between 10 and 15 minutes the data is stale but kept: shown from the cache, not refetched.
    await vi.advanceTimersByTimeAsync(12 * MINUTE);
    view.rerender(screen(true));
    await settle();
    expect(current().data).toBeDefined();
    expect(requests()).toBe(after);
    view.rerender(screen(false));
    await vi.advanceTimersByTimeAsync(KEEP_MS - 1);
    expect(client.cache.peek(key)?.data).toBeDefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(client.cache.peek(key)).toBeUndefined();
    seen.length = 0;
    view.rerender(screen(true));
    expect(seen[0]).toMatchObject({ data: undefined, isLoading: true });
    await until(() => current().data !== undefined);
    expect(requests()).toBe(after + 1);
    view.unmount();
  });
});
