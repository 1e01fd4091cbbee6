/**
 * A sales-support assistant's WhatsApp replies that could not be sent: `GET
 * institution-product/{id}/whatsapp/failed-replies` (a page, the latest failure first) and `POST
 * …/retry` (the server's job queue sends them again; they leave the list, and come back if they fail
 * again).
 */
import { DEFAULT_PAGE_SIZE } from '@conversa/contract/constants';
import type { FailedReply, RetriedReplies } from '@conversa/contract/sales';
import * as routes from '@conversa/contract/routes/sales';
import type { CallOptions, DataClient } from '../client';
import { isRouteKey, routeKey } from '../keys';
import { getPage, type Page, type PageQuery, pageParams } from '../pagination';
import type { ReadResponse } from '../swr-config';
import { useWrite } from '../mutation';
import { useCached } from '../cached';

const normalize = ({ page = 1, perPage = DEFAULT_PAGE_SIZE }: PageQuery = {}) => ({ page, perPage });

/** SWR key of a page of an assistant's failed replies. */
export const failedRepliesKey = (assistantId: number, query: PageQuery = {}) =>
  routeKey(routes.listFailedReplies, { id: assistantId }, normalize(query));

const isFailedRepliesKey = (assistantId: number) => isRouteKey(routes.listFailedReplies, { id: assistantId });

/** One page of an assistant's failed replies. */
export function listFailedReplies(
  client: DataClient,
  assistantId: number,
  query: PageQuery = {},
  options?: CallOptions,
): Promise<Page<FailedReply>> {
  return getPage(client, routes.listFailedReplies, {
    ...options,
    params: { id: assistantId },
    searchParams: pageParams(normalize(query)),
  });
}

/** A page of the list; the previous page stays on screen while the next one loads. */
export function useFailedReplies(
  assistantId: number | null | undefined,
  query: PageQuery = {},
): ReadResponse<Page<FailedReply>> {
  return useCached(assistantId ? [assistantId, query] : null, failedRepliesKey, listFailedReplies, {
    keepPreviousData: true,
  });
}

/** Queues failed replies to be sent again, all or none (a 404 when any cannot be); refreshes the list. */
export async function retryFailedReplies(
  client: DataClient,
  assistantId: number,
  ids: readonly number[],
): Promise<RetriedReplies> {
  const retried = await client.endpoint(routes.retryFailedReplies, {
    params: { id: assistantId },
    json: { ids: [...ids] },
  });
  await client.invalidate(isFailedRepliesKey(assistantId));
  return retried;
}

/** `trigger(ids)` sends failed replies of `assistantId` again. */
export function useRetryFailedReplies(assistantId: number) {
  return useWrite(routes.retryFailedReplies, retryFailedReplies, assistantId);
}
