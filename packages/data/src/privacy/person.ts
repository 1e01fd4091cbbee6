/**
 * One person's data in an institution (issue 36): what is held (`GET institution/{id}/person`),
 * its export as JSON (`…/person/export`) and its erasure (`POST …/person/erase`, one transaction).
 * An erasure refreshes the lookup and every list it may have emptied.
 */
import type { PersonErased, PersonExport, PersonQuery, PersonSummary } from '@conversa/contract/privacy';
import * as routes from '@conversa/contract/routes/privacy';
import type { DataClient } from '../client';
import { isRouteKey, routeKey } from '../keys';
import type { ReadResponse } from '../swr-config';
import { useWrite } from '../mutation';
import { useCached } from '../cached';

/** SWR key of a lookup. */
export const personKey = (institutionId: number, query: PersonQuery) =>
  routeKey(routes.findPerson, { id: institutionId }, query);

export function findPerson(
  client: DataClient,
  institutionId: number,
  query: PersonQuery,
): Promise<PersonSummary> {
  return client.endpoint(routes.findPerson, {
    params: { id: institutionId },
    searchParams: query,
    report: false,
  });
}

/** What is held about the person; null `query` reads nothing (nobody searched yet). */
export function usePerson(
  institutionId: number | null,
  query: PersonQuery | null,
): ReadResponse<PersonSummary> {
  return useCached(institutionId && query ? [institutionId, query] : null, personKey, findPerson);
}

/** Everything held about the person, as the JSON document the console saves. */
export function exportPerson(
  client: DataClient,
  institutionId: number,
  query: PersonQuery,
): Promise<PersonExport> {
  return client.endpoint(routes.exportPerson, { params: { id: institutionId }, searchParams: query });
}

/** What `useErasePerson`'s trigger takes. */
export interface PersonErasure {
  institutionId: number;
  person: PersonQuery;
}

/** Erases the person's data; every cached read is refreshed (conversations, leads, orders, numbers). */
export async function erasePerson(
  client: DataClient,
  { institutionId, person }: PersonErasure,
): Promise<PersonErased> {
  const erased = await client.endpoint(routes.erasePerson, { params: { id: institutionId }, json: person });
  await client.invalidate(isRouteKey(routes.findPerson, { id: institutionId }));
  await client.invalidate(() => true);
  return erased;
}

/** `trigger({institutionId, person})` erases. */
export function useErasePerson() {
  return useWrite(routes.erasePerson, erasePerson);
}
