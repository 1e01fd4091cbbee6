/**
 * The page and page size of a list the API pages (docs/product.md#constants: 5-100 per page,
 * default 20). A new `resetKey` (the filters, as a string) starts again at page 1.
 */
import { DEFAULT_PAGE_SIZE } from '@conversa/contract/constants';
import { useState } from 'react';
import type { PageState } from '../table/pagination';

export function usePaging(resetKey = '') {
  const [state, setState] = useState<PageState & { resetKey: string }>({
    resetKey,
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  // New filters start again at page 1.
  const page = state.resetKey === resetKey ? state.page : 1;
  return {
    /** 1-based, as sent to the API. */
    page,
    perPage: state.pageSize,
    /** The table's `pagination` prop for a list of `totalCount` rows. */
    pagination: (totalCount: number) => ({
      page,
      pageSize: state.pageSize,
      totalCount,
      onChange: (next: PageState) => setState({ ...next, resetKey }),
    }),
  };
}
