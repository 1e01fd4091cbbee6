/**
 * The SWR cache (docs/product.md#calls: data is kept 15 minutes). A `Map` that drops an entry 15 minutes after
 * its last use: reads and writes are uses, and a mounted hook holds its key, so nothing on screen is
 * ever evicted under it. The retain middleware is what tells the cache which keys are mounted.
 */
import { useEffect } from 'react';
import { type Cache, type Middleware, type State, unstable_serialize } from 'swr';

/** How long an unused entry is kept. */
export const KEEP_MS = 15 * 60 * 1000;

/** The SWR cache plus the holds of mounted hooks. */
export interface DataCache extends Cache<unknown> {
  /** A hook on `key` mounted: keep it while held. */
  retain(key: string): void;
  /** That hook unmounted: the 15-minute countdown starts when no hook holds the key. */
  release(key: string): void;
  /** True while a mounted hook holds the key. */
  held(key: string): boolean;
  /** Reads without counting as a use. */
  peek(key: string): State<unknown> | undefined;
  /** Drops every entry (sign-out, 401). */
  clear(): void;
}

/** Creates an evicting cache. */
export function createDataCache(keepMs = KEEP_MS): DataCache {
  const entries = new Map<string, State<unknown>>();
  const holds = new Map<string, number>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  const countdown = (key: string) => {
    clearTimeout(timers.get(key));
    timers.delete(key);
    if (holds.has(key) || !entries.has(key)) return;
    timers.set(
      key,
      setTimeout(() => {
        timers.delete(key);
        if (!holds.has(key)) entries.delete(key);
      }, keepMs),
    );
  };

  return {
    keys: () => entries.keys(),
    get(key) {
      const value = entries.get(key);
      if (value !== undefined && !holds.has(key)) countdown(key);
      return value;
    },
    set(key, value) {
      entries.set(key, value);
      countdown(key);
    },
    delete(key) {
      entries.delete(key);
      countdown(key);
    },
    retain(key) {
      holds.set(key, (holds.get(key) ?? 0) + 1);
      countdown(key);
    },
    release(key) {
      const count = (holds.get(key) ?? 0) - 1;
      if (count > 0) holds.set(key, count);
      else holds.delete(key);
      countdown(key);
    },
    held: (key) => holds.has(key),
    peek: (key) => entries.get(key),
    clear() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      entries.clear();
    },
  };
}

/** SWR middleware: every mounted hook holds its key in the cache. */
export function retainKeys(cache: DataCache): Middleware {
  return (useSWRNext) => (key, fetcher, config) => {
    const serialized = unstable_serialize(key);
    useEffect(() => {
      if (!serialized) return undefined;
      cache.retain(serialized);
      return () => cache.release(serialized);
    }, [serialized]);
    return useSWRNext(key, fetcher, config);
  };
}
