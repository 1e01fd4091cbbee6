/** Cache keys of institution data, shared by the reads and the writes that must refresh them. */
import { DEFAULT_PAGE_SIZE } from '@conversa/contract/constants';

/** What the admin list asks for. */
export interface InstitutionsQuery {
  name?: string;
  page?: number;
  perPage?: number;
}

/** SWR key of one institution. */
export const institutionKey = (id: number) => ['institution', id] as const;

/** Normalized so `{}` and `{page: 1}` share one entry. */
export const institutionsKey = ({
  name = '',
  page = 1,
  perPage = DEFAULT_PAGE_SIZE,
}: InstitutionsQuery = {}) => ['institution', { name: name.trim(), page, perPage }] as const;

/** True for the keys of the admin list (every query). */
export const isInstitutionsKey = (key: unknown) =>
  Array.isArray(key) && key[0] === 'institution' && typeof key[1] === 'object' && key[1] !== null;
