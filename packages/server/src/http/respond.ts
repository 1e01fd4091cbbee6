/** The success envelope `{data}` and pagination headers (docs/architecture.md#the-http-api). */
import { PAGINATION_HEADERS } from '@conversa/contract/http';
import type { Context } from 'hono';
import type { AppEnv } from './env';

// Both answer a plain `Response`, as route handlers return (`RouteHandler`): `c.json`'s typed
// response (for Hono's RPC client, not used here) is too long for the server's declarations.

/** Answers `{data}`. */
export function ok<T>(c: Context<AppEnv>, data: T, status: 200 | 201 = 200): Response {
  return c.json({ data }, status);
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
}

/** Answers a page of a list: `{data: items}` plus the four pagination headers. */
export function okPage<T>(c: Context<AppEnv>, { items, total, page, perPage }: Page<T>): Response {
  c.header(PAGINATION_HEADERS.pageCount, String(Math.max(1, Math.ceil(total / perPage))));
  c.header(PAGINATION_HEADERS.totalCount, String(total));
  c.header(PAGINATION_HEADERS.perPage, String(perPage));
  c.header(PAGINATION_HEADERS.currentPage, String(page));
  return c.json({ data: items });
}
