/**
 * `useCached`: the package's SWR reads, each made of its key and its call over the same arguments,
 * so the data's type comes from the call and no hook restates it or picks values back out of its key.
 * (The public chat's two reads use `useRead`, read.ts, which leaves SWR out of the widget.)
 */
import useSWR, { type Key, type SWRConfiguration } from 'swr';
import type { CallOptions, DataClient } from './client';
import type { ApiRequestError } from './errors';
import { useDataClient } from './provider';
import type { ReadResponse } from './swr-config';

/**
 * Reads `read(client, ...args, {report: false})` into the cache entry `key(...args)`; nothing while
 * `args` is null (an id not known yet). The read does not report its failure itself: the
 * `DataProvider` reports it once SWR stops retrying (docs/product.md#calls).
 */
export function useCached<Args extends [] | unknown[], Data>(
  args: Args | null,
  key: (...args: Args) => Key,
  read: (client: DataClient, ...args: [...Args, CallOptions]) => Promise<Data>,
  config?: SWRConfiguration<Data, ApiRequestError>,
): ReadResponse<Data> {
  const client = useDataClient();
  return useSWR<Data, ApiRequestError>(
    args && key(...args),
    args && (() => read(client, ...args, { report: false })),
    config,
  );
}
