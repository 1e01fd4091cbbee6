/**
 * The fields an institution adds to a sales-support assistant's leads and orders (trainer tab
 * 'Fields'): `GET`/`PUT institution-product/{id}/lead-fields` and `…/order-fields`.
 */
import type { FieldDefinitions, FieldDefinitionsBody, RecordKind } from '@conversa/contract/sales';
import * as routes from '@conversa/contract/routes/sales';
import type { DataClient } from '../client';
import { routeKey } from '../keys';
import type { ReadResponse } from '../swr-config';
import { useWrite } from '../mutation';
import { useCached } from '../cached';

const get = { lead: routes.getLeadFields, order: routes.getOrderFields } as const;
const put = { lead: routes.putLeadFields, order: routes.putOrderFields } as const;

/** SWR key of an assistant's fields of one kind. */
export const recordFieldsKey = (assistantId: number, kind: RecordKind) =>
  routeKey(get[kind], { id: assistantId });

export function getRecordFields(
  client: DataClient,
  assistantId: number,
  kind: RecordKind,
): Promise<FieldDefinitions> {
  return client.endpoint(get[kind], { params: { id: assistantId }, report: false });
}

/** The configured fields of `kind`, in order. */
export function useRecordFields(
  assistantId: number | null | undefined,
  kind: RecordKind,
): ReadResponse<FieldDefinitions> {
  return useCached(assistantId ? [assistantId, kind] : null, recordFieldsKey, getRecordFields);
}

/** Replaces the fields of `kind`; the answer replaces the cached list. */
export async function updateRecordFields(
  client: DataClient,
  assistantId: number,
  kind: RecordKind,
  body: FieldDefinitionsBody,
): Promise<FieldDefinitions> {
  const saved = await client.endpoint(put[kind], { params: { id: assistantId }, json: body });
  await client.setCached(recordFieldsKey(assistantId, kind), saved);
  return saved;
}

/** `trigger(body)` replaces the fields of `kind` of `assistantId`. */
export function useUpdateRecordFields(assistantId: number, kind: RecordKind) {
  return useWrite(put[kind], updateRecordFields, assistantId, kind);
}
