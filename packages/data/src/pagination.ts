/** Pages of lists: the items plus the four pagination headers (docs/architecture.md#the-http-api). */
import type { AnswerOf, TableRoute } from '@conversa/contract/endpoints';
import { PAGINATION_HEADERS as PAGINATION } from '@conversa/contract/http';
import type { Route } from '@conversa/contract/routes/route';
import type { DataClient, OptionsArg } from './client';

/** One page of a list. `currentPage` is 1-based. */
export interface Page<T> {
  items: T[];
  pageCount: number;
  totalCount: number;
  perPage: number;
  currentPage: number;
}

/** What a paginated hook asks for; `perPage` is sent as `per-page`. */
export interface PageQuery {
  page?: number;
  perPage?: number;
}

function header(headers: Headers, name: string): number | null {
  const value = Number(headers.get(name) ?? Number.NaN);
  return Number.isInteger(value) && value >= 0 ? value : null;
}

/** Reads the pagination headers; a missing one falls back to what the items themselves say. */
export function readPage<T>(items: T[], headers: Headers): Page<T> {
  return {
    items,
    pageCount: header(headers, PAGINATION.pageCount) ?? 1,
    totalCount: header(headers, PAGINATION.totalCount) ?? items.length,
    perPage: header(headers, PAGINATION.perPage) ?? items.length,
    currentPage: header(headers, PAGINATION.currentPage) ?? 1,
  };
}

/** The query string of a page request. */
export function pageParams({ page, perPage }: PageQuery): Record<string, number | undefined> {
  return { page, 'per-page': perPage };
}

/** The items of a list route's answer. */
type ItemOf<R extends Route> = AnswerOf<R> extends (infer T)[] ? T : unknown;

/**
 * A page of a list route, with the pagination headers read. Not a method of the client, so bundles
 * without lists (the widget) leave it out.
 */
export async function getPage<R extends TableRoute>(
  client: DataClient,
  route: R,
  ...options: OptionsArg<R>
): Promise<Page<ItemOf<R>>> {
  const { data, headers } = await client.call(route, ...options);
  return readPage(data as ItemOf<R>[], headers);
}
