/** Rendering helpers for hook tests (React here; the preact project aliases react to preact/compat). */
import { act } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import type { SWRConfiguration } from 'swr';
import type { DataClient } from '../client';
import { DataProvider } from '../provider';

/** A `wrapper` for `render`/`renderHook`: the client's `DataProvider`. */
export function dataWrapper(client: DataClient, config?: SWRConfiguration) {
  return function Wrapper({ children }: { children?: ReactNode }) {
    return createElement(DataProvider, { client, config }, children);
  };
}

/**
 * Reads every field of an SWR answer during render. SWR re-renders only for the fields a render
 * read, so a test that looks at `error` later must have read it here.
 */
export function snapshot<
  T extends { data?: unknown; error?: unknown; isValidating: boolean; isLoading: boolean },
>(response: T): Pick<T, 'data' | 'error' | 'isValidating' | 'isLoading'> {
  return {
    data: response.data,
    error: response.error,
    isValidating: response.isValidating,
    isLoading: response.isLoading,
  } as Pick<T, 'data' | 'error' | 'isValidating' | 'isLoading'>;
}

/**
 * Waits, in real time, until `check` passes: lets real network I/O and React updates happen even
 * while `setTimeout` is faked (the macrotask queue of `setImmediate` is left real).
 */
export async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
}

/** Lets pending I/O and updates run for a few turns (to show that nothing more happens). */
export async function settle(turns = 20): Promise<void> {
  for (let i = 0; i < turns; i += 1) await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
}
