/**
 * A sales-support assistant's sellers' questions on WhatsApp that were neither a lead nor an order:
 * `GET institution-product/{id}/whatsapp/questions` (a page, the latest first), each with the answer
 * the assistant sent.
 */
import { DEFAULT_PAGE_SIZE } from '@conversa/contract/constants';
import type { SellerQuestion } from '@conversa/contract/sales';
import * as routes from '@conversa/contract/routes/sales';
import type { CallOptions, DataClient } from '../client';
import { routeKey } from '../keys';
import { getPage, type Page, type PageQuery, pageParams } from '../pagination';
import type { ReadResponse } from '../swr-config';
import { useCached } from '../cached';

const normalize = ({ page = 1, perPage = DEFAULT_PAGE_SIZE }: PageQuery = {}) => ({ page, perPage });

/** SWR key of a page of an assistant's sellers' questions. */
export const sellerQuestionsKey = (assistantId: number, query: PageQuery = {}) =>
  routeKey(routes.listSellerQuestions, { id: assistantId }, normalize(query));

/** One page of an assistant's sellers' questions. */
export function listSellerQuestions(
  client: DataClient,
  assistantId: number,
  query: PageQuery = {},
  options?: CallOptions,
): Promise<Page<SellerQuestion>> {
  return getPage(client, routes.listSellerQuestions, {
    ...options,
    params: { id: assistantId },
    searchParams: pageParams(normalize(query)),
  });
}

/** A page of the list, asked again on each mount; the previous page stays on screen while the next one loads. */
export function useSellerQuestions(
  assistantId: number | null | undefined,
  query: PageQuery = {},
): ReadResponse<Page<SellerQuestion>> {
  // Questions arrive on WhatsApp, not through this console (no write here could refresh them):
  // unlike the app's other reads, each visit to the page asks again.
  return useCached(assistantId ? [assistantId, query] : null, sellerQuestionsKey, listSellerQuestions, {
    keepPreviousData: true,
    revalidateOnMount: true,
    dedupingInterval: 0,
  });
}
