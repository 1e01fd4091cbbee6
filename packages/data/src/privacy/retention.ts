/**
 * An institution's retention periods (issue 36): `GET` and `PUT institution/{id}/retention` (each
 * period null to keep, or 30 to 3650 days; `team.manage` to change). A save refreshes the read.
 */
import type { Retention, RetentionBody } from '@conversa/contract/privacy';
import * as routes from '@conversa/contract/routes/privacy';
import type { CallOptions, DataClient } from '../client';
import { routeKey } from '../keys';
import type { ReadResponse } from '../swr-config';
import { useWrite } from '../mutation';
import { useCached } from '../cached';

/** SWR key of an institution's retention. */
export const retentionKey = (institutionId: number) => routeKey(routes.getRetention, { id: institutionId });

export function getRetention(
  client: DataClient,
  institutionId: number,
  options?: CallOptions,
): Promise<Retention> {
  return client.endpoint(routes.getRetention, { ...options, params: { id: institutionId } });
}

/** The institution's periods, its time zone, the last run and the next. */
export function useRetention(institutionId: number | null): ReadResponse<Retention> {
  return useCached(institutionId ? [institutionId] : null, retentionKey, getRetention);
}

/** What `usePutRetention`'s trigger takes. */
export interface RetentionChange {
  institutionId: number;
  retention: RetentionBody;
}

/** Replaces the periods; a 400 names the field out of range. */
export async function putRetention(client: DataClient, { institutionId, retention }: RetentionChange) {
  const saved = await client.endpoint(routes.putRetention, {
    params: { id: institutionId },
    json: retention,
  });
  await client.setCached(retentionKey(institutionId), saved);
  return saved;
}

/** `trigger({institutionId, retention})` saves the periods. */
export function usePutRetention() {
  return useWrite(routes.putRetention, putRetention);
}
