/** Header names of the API (docs/architecture.md#the-http-api); no schemas here, so the widget can import them for free. */

/** Request headers besides Authorization and Accept-Language. */
export const HEADERS = {
  institution: 'X-Institution-Id',
  requestId: 'X-Request-Id',
} as const;

/** Response headers of paginated lists (exposed through CORS). */
export const PAGINATION_HEADERS = {
  pageCount: 'X-Pagination-Page-Count',
  totalCount: 'X-Pagination-Total-Count',
  perPage: 'X-Pagination-Per-Page',
  currentPage: 'X-Pagination-Current-Page',
} as const;
