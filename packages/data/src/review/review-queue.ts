/** `GET institution-product/{id}/review` and `POST …/review/dismiss`: what needs a look, and taking items out. */
import type { DismissReviewResult, ReviewItem } from '@conversa/contract/review';
import * as routes from '@conversa/contract/routes/review';
import type { CallOptions, DataClient } from '../client';
import { isDashboardKeyOf } from '../conversations/keys';
import { getPage, type Page } from '../pagination';
import type { ReadResponse } from '../swr-config';
import { isReviewKey, normalizeReviewQuery, type ReviewQuery, reviewKey, reviewSearch } from './keys';
import { useWrite } from '../mutation';
import { useCached } from '../cached';

export type { ReviewQuery } from './keys';

/** One page of the queue, newest first. */
export function listReview(
  client: DataClient,
  assistantId: number,
  query: ReviewQuery = {},
  options?: CallOptions,
): Promise<Page<ReviewItem>> {
  return getPage(client, routes.listReview, {
    ...options,
    params: { id: assistantId },
    searchParams: reviewSearch(normalizeReviewQuery(query)),
  });
}

/** A page of the queue; the previous page stays on screen while the next one loads. */
export function useReview(
  assistantId: number | null | undefined,
  query: ReviewQuery = {},
): ReadResponse<Page<ReviewItem>> {
  return useCached(assistantId ? [assistantId, query] : null, reviewKey, listReview, {
    keepPreviousData: true,
  });
}

/** Takes answers out of the queue; its pages and the dashboards refresh. */
export async function dismissReview(
  client: DataClient,
  assistantId: number,
  messageIds: readonly number[],
): Promise<DismissReviewResult> {
  const result = await client.endpoint(routes.dismissReview, {
    params: { id: assistantId },
    json: { message_ids: [...messageIds] },
  });
  await client.invalidate((key) => isReviewKey(assistantId)(key) || isDashboardKeyOf(assistantId)(key));
  return result;
}

/** `trigger(messageIds)` dismisses answers of the assistant's queue. */
export function useDismissReview(assistantId: number) {
  return useWrite(routes.dismissReview, dismissReview, assistantId);
}
