/** `GET institution` (admin): every institution, paginated, searched by name. */
import * as routes from '@conversa/contract/routes/institutions';
import type { InstitutionListItem } from '@conversa/contract/institution';
import type { CallOptions, DataClient } from '../client';
import { getPage, type Page, pageParams } from '../pagination';
import type { ReadResponse } from '../swr-config';
import { type InstitutionsQuery, institutionsKey } from './keys';
import { useCached } from '../cached';

/** The list's query and keys live in `keys.ts` (writes elsewhere refresh them). */
export { type InstitutionsQuery, institutionsKey, isInstitutionsKey } from './keys';

/** One page of the list; rows carry id, name, kind and `country_data`. */
export function listInstitutions(
  client: DataClient,
  query: InstitutionsQuery = {},
  options?: CallOptions,
): Promise<Page<InstitutionListItem>> {
  const [, { name, page, perPage }] = institutionsKey(query);
  return getPage(client, routes.listInstitutions, {
    ...options,
    searchParams: { ...(name ? { name } : {}), ...pageParams({ page, perPage }) },
  });
}

/** A page of the list; the previous page stays on screen while the next one loads. */
export function useInstitutions(query: InstitutionsQuery = {}): ReadResponse<Page<InstitutionListItem>> {
  return useCached([query], institutionsKey, listInstitutions, { keepPreviousData: true });
}
