/**
 * `DataProvider` puts a `DataClient` and the SWR settings of docs/product.md#calls around the app; hooks find the
 * client with `useDataClient()`. Works with React and with preact/compat.
 */
import {
  createContext,
  createElement,
  type ReactNode,
  useContext,
  useLayoutEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { SWRConfig, type SWRConfiguration, useSWRConfig } from 'swr';
import { retainKeys } from './cache';
import type { DataClient } from './client';
import type { SessionState } from './session';
import { onErrorRetry, retryDelay, swrConfig } from './swr-config';

const DataClientContext = createContext<DataClient | null>(null);

/** Hands SWR's cache operations to the client, so a 401 outside React can still empty the cache. */
function CacheBinder({ client }: { client: DataClient }) {
  const { mutate, unload } = useSWRConfig();
  // A layout effect: bound before any hook's request (SWR starts them in layout effects too).
  useLayoutEffect(() => client.bindCache({ mutate, unload }), [client, mutate, unload]);
  return null;
}

/**
 * Provides only the client, without SWR: for the public chat, whose reads go through `useRead`
 * (read.ts) and which so leaves SWR out of its bundle.
 */
export function DataClientProvider({ client, children }: { client: DataClient; children?: ReactNode }) {
  return createElement(DataClientContext.Provider, { value: client }, children);
}

/** Props of `DataProvider`. */
export interface DataProviderProps {
  client: DataClient;
  /** Extra SWR settings (tests, stories); docs/product.md#calls's are the defaults. */
  config?: SWRConfiguration;
  children?: ReactNode;
}

/** Provides the client and SWR's configuration (cache, freshness, retries, error reporting). */
export function DataProvider({ client, config, children }: DataProviderProps) {
  const value = useMemo<SWRConfiguration>(
    () => ({
      ...swrConfig,
      provider: () => client.cache,
      use: [retainKeys(client.cache)],
      // Reads report once SWR gives up, so a retried failure is one message, not four.
      onErrorRetry(error, key, cfg, revalidate, options) {
        if (retryDelay(error, options.retryCount) === null) client.report(error);
        else onErrorRetry(error, key, cfg, revalidate, options);
      },
      ...config,
    }),
    [client, config],
  );
  return createElement(
    DataClientProvider,
    { client },
    createElement(SWRConfig, { value }, createElement(CacheBinder, { client }), children),
  );
}

/** The client of the nearest `DataProvider`. */
export function useDataClient(): DataClient {
  const client = useContext(DataClientContext);
  if (!client) throw new Error('useDataClient: render inside <DataProvider client={…}>');
  return client;
}

/** The session, re-rendering on every change. */
export function useSession(): SessionState {
  const { session } = useDataClient();
  return useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
}
