/**
 * The numbers allowed to use a sales-support assistant on WhatsApp: `GET
 * whatsapp-whitelist/institution-product/{id}` (a page, searched), `POST whatsapp-whitelist` and
 * `POST whatsapp-whitelist/delete`. A write refreshes the assistant's lists.
 */
import { DEFAULT_PAGE_SIZE } from '@conversa/contract/constants';
import type { MessageResult } from '@conversa/contract/common';
import type { AddAllowedNumberBody, AllowedNumber } from '@conversa/contract/sales';
import * as routes from '@conversa/contract/routes/sales';
import type { CallOptions, DataClient } from '../client';
import { isRouteKey, routeKey } from '../keys';
import { getPage, type Page } from '../pagination';
import type { ReadResponse } from '../swr-config';
import { useWrite } from '../mutation';
import { useCached } from '../cached';

/** What the list asks for. */
export interface AllowedNumbersQuery {
  q?: string;
  page?: number;
  perPage?: number;
}

const normalize = ({ q = '', page = 1, perPage = DEFAULT_PAGE_SIZE }: AllowedNumbersQuery = {}) => ({
  q: q.trim(),
  page,
  perPage,
});

/** SWR key of a page of an assistant's allowed numbers. */
export const allowedNumbersKey = (assistantId: number, query: AllowedNumbersQuery = {}) =>
  routeKey(routes.listAllowedNumbers, { id: assistantId }, normalize(query));

const isAllowedNumbersKey = (assistantId: number | null) =>
  isRouteKey(routes.listAllowedNumbers, assistantId === null ? {} : { id: assistantId });

/** One page of an assistant's allowed numbers, newest first. */
export function listAllowedNumbers(
  client: DataClient,
  assistantId: number,
  query: AllowedNumbersQuery = {},
  options?: CallOptions,
): Promise<Page<AllowedNumber>> {
  const { q, page, perPage } = normalize(query);
  return getPage(client, routes.listAllowedNumbers, {
    ...options,
    params: { id: assistantId },
    searchParams: { ...(q ? { q } : {}), page, 'per-page': perPage },
  });
}

/** A page of the list; the previous page stays on screen while the next one loads. */
export function useAllowedNumbers(
  assistantId: number | null | undefined,
  query: AllowedNumbersQuery = {},
): ReadResponse<Page<AllowedNumber>> {
  return useCached(assistantId ? [assistantId, query] : null, allowedNumbersKey, listAllowedNumbers, {
    keepPreviousData: true,
  });
}

/** Allows a number (the server answers 409 `number_already_allowed` for one already there). */
export async function addAllowedNumber(
  client: DataClient,
  body: AddAllowedNumberBody,
): Promise<AllowedNumber> {
  const added = await client.endpoint(routes.addAllowedNumber, { json: body });
  await client.invalidate(isAllowedNumbersKey(Number(body.institution_product_id)));
  return added;
}

/** `trigger(body)` allows a number; errors stay with the form (not reported as a toast). */
export function useAddAllowedNumber() {
  return useWrite(routes.addAllowedNumber, addAllowedNumber);
}

/** Removes numbers of the current institution, all or none; answers 'Phone number successfully deleted.'. */
export async function deleteAllowedNumbers(
  client: DataClient,
  ids: readonly number[],
): Promise<MessageResult> {
  const result = await client.endpoint(routes.deleteAllowedNumbers, { json: { ids } });
  await client.invalidate(isAllowedNumbersKey(null));
  return result;
}

/** `trigger(ids)` removes numbers. */
export function useDeleteAllowedNumbers() {
  return useWrite(routes.deleteAllowedNumbers, deleteAllowedNumbers);
}
