/**
 * The leads and orders dashboards: `GET lead/dashboard` / `GET order/dashboard` over a date range.
 * Their keys come from those routes, whose reads a write of a lead or an order refreshes with the lists.
 */
import type { QueryOf } from '@conversa/contract/endpoints';
import type { LeadsDashboard, OrdersDashboard } from '@conversa/contract/records';
import * as routes from '@conversa/contract/routes/records';
import type { RecordKind } from '@conversa/contract/sales';
import type { CallOptions, DataClient } from '../client';
import type { DateRange } from '../conversations/get-dashboard';
import { localTimeZone } from '../conversations/keys';
import { routeKey } from '../keys';
import type { ReadResponse } from '../swr-config';
import { useCached } from '../cached';

type DashboardOf<K extends RecordKind> = K extends 'lead' ? LeadsDashboard : OrdersDashboard;

const dashboardRoute = (kind: RecordKind) =>
  kind === 'lead' ? routes.getLeadsDashboard : routes.getOrdersDashboard;

/** SWR key of an assistant's leads or orders dashboard over a range (days in `tz`, the browser's by default). */
export const recordsDashboardKey = (kind: RecordKind, assistantId: number, range: DateRange = {}) =>
  routeKey(dashboardRoute(kind), undefined, {
    institution_product_id: assistantId,
    from: range.from || null,
    to: range.to || null,
    tz: range.tz ?? localTimeZone(),
  });

type DashboardOptions = CallOptions & { searchParams: QueryOf<typeof routes.getLeadsDashboard> };

/** The dashboard read of each kind, typed by its table entry (a map, so a generic kind picks its own answer). */
const readers: {
  [K in RecordKind]: (client: DataClient, options: DashboardOptions) => Promise<DashboardOf<K>>;
} = {
  lead: (client, options) => client.endpoint(routes.getLeadsDashboard, options),
  order: (client, options) => client.endpoint(routes.getOrdersDashboard, options),
};

/** The leads or orders dashboard of a sales-support assistant. */
export function getRecordsDashboard<K extends RecordKind>(
  client: DataClient,
  kind: K,
  assistantId: number,
  range: DateRange = {},
  options?: CallOptions,
): Promise<DashboardOf<K>> {
  const [, , { from, to, tz }] = recordsDashboardKey(kind, assistantId, range);
  const searchParams = {
    institution_product_id: assistantId,
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    tz,
  };
  return readers[kind](client, { ...options, searchParams });
}

/** The dashboard; the previous range's figures stay while the next load. */
export function useRecordsDashboard<K extends RecordKind>(
  kind: K,
  assistantId: number | null | undefined,
  range: DateRange = {},
): ReadResponse<DashboardOf<K>> {
  return useCached(
    assistantId ? [kind, assistantId, range] : null,
    recordsDashboardKey,
    getRecordsDashboard<K>,
    { keepPreviousData: true },
  );
}
