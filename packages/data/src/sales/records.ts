/**
 * Leads and purchase orders: `GET lead` / `GET order` (a page, filtered and sorted), the lead card
 * (`GET lead/{id}`) and an order's details (`GET order/{id}/detail`), create and correct (`POST`,
 * `PUT`), and bulk delete. A write refreshes the lists and the record's card.
 */
import type { MessageResult } from '@conversa/contract/common';
import { DEFAULT_PAGE_SIZE } from '@conversa/contract/constants';
import type {
  Lead,
  LeadDetail,
  LeadImportResult,
  Order,
  OrderDetail,
  RecordListQuery,
} from '@conversa/contract/records';
import * as routes from '@conversa/contract/routes/records';
import type { RecordKind } from '@conversa/contract/sales';
import type { BodyOf as TableBodyOf } from '@conversa/contract/endpoints';
import type { CallOptions, DataClient } from '../client';
import { getPage, type Page } from '../pagination';
import type { ReadResponse } from '../swr-config';
import { localTimeZone } from '../conversations/keys';
import { isRouteKey, routeKey } from '../keys';
import { useWrite } from '../mutation';
import { useCached } from '../cached';

/** What a list asks for (blank filters are no filter). */
export interface RecordsQuery {
  q?: string;
  seller?: string;
  company?: string;
  from?: string;
  to?: string;
  /** The time zone the days are read in: the browser's. */
  tz?: string;
  sort?: RecordListQuery['sort'];
  page?: number;
  perPage?: number;
}

type RowOf<K extends RecordKind> = K extends 'lead' ? Lead : Order;
type DetailOf<K extends RecordKind> = K extends 'lead' ? LeadDetail : OrderDetail;
/** A record's create and update body, as the table's entries for `POST lead` and `POST order` read it. */
interface BodyMap {
  lead: TableBodyOf<typeof routes.createLead>;
  order: TableBodyOf<typeof routes.createOrder>;
}
type BodyOf<K extends RecordKind> = BodyMap[K];

/** The writes of each kind, typed by their table entries (a map, so a generic kind picks its own body). */
const writers: {
  [K in RecordKind]: {
    create: (client: DataClient, body: BodyMap[K]) => Promise<RowOf<K>>;
    update: (client: DataClient, id: number, body: BodyMap[K]) => Promise<RowOf<K>>;
  };
} = {
  lead: {
    create: (client, body) => client.endpoint(routes.createLead, { json: body }),
    update: (client, id, body) => client.endpoint(routes.updateLead, { params: { id }, json: body }),
  },
  order: {
    create: (client, body) => client.endpoint(routes.createOrder, { json: body }),
    update: (client, id, body) => client.endpoint(routes.updateOrder, { params: { id }, json: body }),
  },
};

const normalize = (query: RecordsQuery = {}) => ({
  q: query.q?.trim() ?? '',
  seller: query.seller?.trim() ?? '',
  company: query.company?.trim() ?? '',
  from: query.from ?? '',
  to: query.to ?? '',
  tz: query.tz ?? localTimeZone(),
  sort: query.sort ?? 'date',
  page: query.page ?? 1,
  perPage: query.perPage ?? DEFAULT_PAGE_SIZE,
});

/** The query string: the assistant and every filter that is set. */
function searchOf<F extends Record<string, string | number>>(
  assistantId: number,
  filters: F,
): { institution_product_id: number } & Partial<F> {
  const search: Record<string, string | number> = { institution_product_id: assistantId };
  for (const [name, value] of Object.entries(filters)) if (value !== '') search[name] = value;
  return search as { institution_product_id: number } & Partial<F>;
}

const routesOf = {
  lead: {
    list: routes.listLeads,
    create: routes.createLead,
    update: routes.updateLead,
    remove: routes.deleteLeads,
  },
  order: {
    list: routes.listOrders,
    create: routes.createOrder,
    update: routes.updateOrder,
    remove: routes.deleteOrders,
  },
} as const;

/** The reads of each kind, whose keys a write of the kind makes stale. */
const readRoutesOf = {
  lead: { list: routes.listLeads, card: routes.getLead, dashboard: routes.getLeadsDashboard },
  order: { list: routes.listOrders, card: routes.getOrderDetail, dashboard: routes.getOrdersDashboard },
} as const;

/** SWR key of a page of an assistant's records of a kind. */
export const recordsKey = (kind: RecordKind, assistantId: number, query: RecordsQuery = {}) =>
  routeKey(routesOf[kind].list, undefined, { institution_product_id: assistantId, ...normalize(query) });

/** SWR key of one record's card. */
export const recordKey = (kind: RecordKind, id: number) =>
  kind === 'lead' ? routeKey(routes.getLead, { id }) : routeKey(routes.getOrderDetail, { id });

/** Every list, card and dashboard of a kind: the reads of its routes. */
const isKindKey = (kind: RecordKind) => {
  const matchers = Object.values(readRoutesOf[kind]).map((route) => isRouteKey(route));
  return (key: unknown) => matchers.some((matches) => matches(key));
};

/** One page of an assistant's leads or orders, filtered and sorted. */
export function listRecords<K extends RecordKind>(
  client: DataClient,
  kind: K,
  assistantId: number,
  query: RecordsQuery = {},
  options?: CallOptions,
): Promise<Page<RowOf<K>>> {
  const { perPage, ...rest } = normalize(query);
  const searchParams = { ...searchOf(assistantId, rest), 'per-page': perPage };
  return getPage(client, routesOf[kind].list, { ...options, searchParams }) as Promise<Page<RowOf<K>>>;
}

/** A page of the list; the previous page stays on screen while the next one loads. */
export function useRecords<K extends RecordKind>(
  kind: K,
  assistantId: number | null | undefined,
  query: RecordsQuery = {},
): ReadResponse<Page<RowOf<K>>> {
  return useCached(assistantId ? [kind, assistantId, query] : null, recordsKey, listRecords<K>, {
    keepPreviousData: true,
  });
}

/** The card read of each kind, typed by its table entry (a map, so a generic kind picks its own answer). */
const readers: {
  [K in RecordKind]: (client: DataClient, id: number, options?: CallOptions) => Promise<DetailOf<K>>;
} = {
  lead: (client, id, options) => client.endpoint(routes.getLead, { ...options, params: { id } }),
  order: (client, id, options) => client.endpoint(routes.getOrderDetail, { ...options, params: { id } }),
};

/** A lead's card or an order's details: the record, its WhatsApp messages and its history. */
export function getRecord<K extends RecordKind>(
  client: DataClient,
  kind: K,
  id: number,
  options?: CallOptions,
): Promise<DetailOf<K>> {
  return readers[kind](client, id, options);
}

export function useRecord<K extends RecordKind>(
  kind: K,
  id: number | null | undefined,
): ReadResponse<DetailOf<K>> {
  return useCached(id ? [kind, id] : null, recordKey, getRecord<K>);
}

/** Creates a record (the staff member is its seller). */
export async function createRecord<K extends RecordKind>(
  client: DataClient,
  kind: K,
  body: BodyOf<K>,
): Promise<RowOf<K>> {
  const created = await writers[kind].create(client, body);
  await client.invalidate(isKindKey(kind));
  return created;
}

/** Corrects a record; its card and the lists refresh. */
export async function updateRecord<K extends RecordKind>(
  client: DataClient,
  kind: K,
  id: number,
  body: BodyOf<K>,
): Promise<RowOf<K>> {
  const saved = await writers[kind].update(client, id, body);
  await client.invalidate(isKindKey(kind));
  return saved;
}

/** Deletes records of the current institution, all or none; answers 'Delete successfully.'. */
export async function deleteRecords(
  client: DataClient,
  kind: RecordKind,
  ids: readonly number[],
): Promise<MessageResult> {
  const result = await client.endpoint(routesOf[kind].remove, { json: { ids: [...ids] } });
  await client.invalidate(isKindKey(kind));
  return result;
}

/** `trigger(body)` creates a record; errors stay with the form. */
export function useCreateRecord<K extends RecordKind>(kind: K) {
  return useWrite(routesOf[kind].create, createRecord<K>, kind);
}

/** `trigger(body)` corrects record `id`. */
export function useUpdateRecord<K extends RecordKind>(kind: K, id: number) {
  return useWrite(routesOf[kind].update, updateRecord<K>, kind, id);
}

/** `trigger(ids)` deletes records. */
export function useDeleteRecords(kind: RecordKind) {
  return useWrite(routesOf[kind].remove, deleteRecords, kind);
}

/** The CSV of the list with `query`'s filters and order (its page ignored), and the name the server gives it. */
export async function downloadRecords(
  client: DataClient,
  kind: RecordKind,
  assistantId: number,
  query: RecordsQuery = {},
): Promise<{ blob: Blob; filename: string }> {
  const { page: _page, perPage: _perPage, ...filters } = normalize(query);
  const searchParams = searchOf(assistantId, filters);
  const route = kind === 'lead' ? routes.downloadLeads : routes.downloadOrders;
  const response = await client.stream(route, { searchParams });
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${kind}s-${assistantId}.csv`;
  return { blob: await response.blob(), filename };
}

/** `POST lead/import`: a CSV of leads; with `dryRun`, only checked. The lists refresh after an import. */
export async function importLeads(
  client: DataClient,
  assistantId: number,
  file: Blob,
  dryRun = false,
): Promise<LeadImportResult> {
  const form = new FormData();
  form.append('file', file);
  const { data } = await client.call(routes.importLeads, {
    body: form,
    searchParams: { institution_product_id: assistantId, dry_run: dryRun },
  });
  if (!dryRun) await client.invalidate(isKindKey('lead'));
  return data;
}
