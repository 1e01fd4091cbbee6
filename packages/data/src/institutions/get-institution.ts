/** `GET institution/{id}`: one institution the user may act in. */
import * as routes from '@conversa/contract/routes/institutions';
import type { Institution } from '@conversa/contract/institution';
import type { CallOptions, DataClient } from '../client';
import { useSession } from '../provider';
import { institutionKey } from './keys';
import { useCached } from '../cached';

/** SWR key of one institution (shared with the writes, in `keys.ts`). */
export { institutionKey } from './keys';

/** The institution's details. */
export function getInstitution(client: DataClient, id: number, options?: CallOptions): Promise<Institution> {
  return client.endpoint(routes.getInstitution, { ...options, params: { id } });
}

/** An institution (default: the session's). */
export function useInstitution(id?: number | null) {
  const session = useSession();
  const institutionId = id === undefined ? session.institutionId : id;
  return useCached(institutionId ? [institutionId] : null, institutionKey, getInstitution);
}
