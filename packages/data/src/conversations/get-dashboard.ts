/** `GET institution-product/{id}/dashboard`: an assistant's figures over a range. */
import type { Dashboard } from '@conversa/contract/conversation';
import * as routes from '@conversa/contract/routes/conversations';
import type { CallOptions, DataClient } from '../client';
import type { ReadResponse } from '../swr-config';
import { dashboardKey } from './keys';
import { useCached } from '../cached';

/** A date range (days as YYYY-MM-DD, either end open) read in time zone `tz` (the browser's by default). */
export interface DateRange {
  from?: string | null;
  to?: string | null;
  tz?: string;
}

/** The dashboard of an assistant. */
export function getDashboard(
  client: DataClient,
  assistantId: number,
  range: DateRange = {},
  options?: CallOptions,
): Promise<Dashboard> {
  const [, , , { from, to, tz }] = dashboardKey(assistantId, range);
  return client.endpoint(routes.getDashboard, {
    ...options,
    params: { id: assistantId },
    searchParams: { ...(from ? { from } : {}), ...(to ? { to } : {}), tz },
  });
}

/** The dashboard; the previous range's figures stay while the next load. */
export function useDashboard(
  assistantId: number | null | undefined,
  range: DateRange = {},
): ReadResponse<Dashboard> {
  return useCached(assistantId ? [assistantId, range] : null, dashboardKey, getDashboard, {
    keepPreviousData: true,
  });
}
