/** Cache keys of institution data, shared by the reads and the writes that must refresh them. */
import * as routes from '@conversa/contract/routes/institutions';
import { isRouteKey, routeKey } from '../keys';
import { DEFAULT_PAGE_SIZE } from '@conversa/contract/constants';

/** What the admin list asks for. */
export interface InstitutionsQuery {
  name?: string;
  page?: number;
  perPage?: number;
}

/** SWR key of one institution. */
export const institutionKey = (id: number) => routeKey(routes.getInstitution, { id });

/** Normalized so `{}` and `{page: 1}` share one entry. */
export const institutionsKey = ({
  name = '',
  page = 1,
  perPage = DEFAULT_PAGE_SIZE,
}: InstitutionsQuery = {}) =>
  routeKey(routes.listInstitutions, undefined, { name: name.trim(), page, perPage });

/** True for the keys of the admin list (every query). */
export const isInstitutionsKey = isRouteKey(routes.listInstitutions);
