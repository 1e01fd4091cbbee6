/**
 * `useWrite`: every write hook of the package, made from its call. The result, the error and what
 * `trigger` takes come from the call's own signature (which the contract's endpoint table types),
 * and the SWR key from the call's route, so no hook restates a type or writes a key by hand.
 */
import type { TableRoute } from '@conversa/contract/endpoints';
import useSWRMutation, { type SWRMutationResponse } from 'swr/mutation';
import type { DataClient } from './client';
import type { ApiRequestError } from './errors';
import { useDataClient } from './provider';

/**
 * A write's SWR key: its route's method and path, then the values its hook is bound to
 * (`['POST', '/institution-product/{id}/file/delete', 7]`). A read's key never starts with a method
 * (`keys.ts`), so a write refreshes no read by sharing its key: each call edits or invalidates the
 * cache it changed itself.
 */
export type WriteKey = readonly [method: string, path: string, ...bound: unknown[]];

/** What `trigger` takes: the call's argument after the client and the bound values (none: `trigger()`). */
export type TriggerArg<Args extends unknown[]> = Args extends [] ? never : Args[0];

/** A write hook's answer: SWR's mutation (`trigger`, `data`, `error`, `isMutating`), typed by its call. */
export type Write<Result, Args extends unknown[]> = SWRMutationResponse<
  Result,
  ApiRequestError,
  WriteKey,
  TriggerArg<Args>
>;

/** The key of a write through `route` bound to `bound` (see `WriteKey`). */
export function writeKey(route: TableRoute, ...bound: unknown[]): WriteKey {
  return [route.method, route.path, ...bound];
}

/**
 * `trigger(arg)` runs `call(client, ...bound, arg)` and throws its failure (an `ApiRequestError`),
 * which is the caller's to show: writes are not reported (`client.ts`). `route` is the endpoint the
 * call writes to; `bound` are the hook's own arguments the call takes before `arg` (an assistant's
 * id, a record's kind).
 */
export function useWrite<Result, Args extends unknown[]>(
  route: TableRoute,
  call: (client: DataClient, ...args: Args) => Promise<Result>,
): Write<Result, Args>;
export function useWrite<A, Result, Args extends unknown[]>(
  route: TableRoute,
  call: (client: DataClient, a: A, ...args: Args) => Promise<Result>,
  a: A,
): Write<Result, Args>;
export function useWrite<A, B, Result, Args extends unknown[]>(
  route: TableRoute,
  call: (client: DataClient, a: A, b: B, ...args: Args) => Promise<Result>,
  a: A,
  b: B,
): Write<Result, Args>;
export function useWrite(
  route: TableRoute,
  call: (client: DataClient, ...args: unknown[]) => Promise<unknown>,
  ...bound: unknown[]
): Write<unknown, unknown[]> {
  const client = useDataClient();
  return useSWRMutation(writeKey(route, ...bound), (_key, { arg }) => call(client, ...bound, arg));
}
