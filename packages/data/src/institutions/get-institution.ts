/** `GET institution/{id}`: one institution the user may act in. */
import * as routes from '@conversa/contract/routes/institutions';
import type { Institution } from '@conversa/contract/institution';
import useSWR from 'swr';
import type { CallOptions, DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useDataClient, useSession } from '../provider';
import { institutionKey } from './keys';

/** SWR key of one institution (shared with the writes, in `keys.ts`). */
export { institutionKey } from './keys';

/** The institution's details. */
export function getInstitution(client: DataClient, id: number, options?: CallOptions): Promise<Institution> {
  return client.endpoint(routes.getInstitution, { ...options, params: { id } });
}

/** An institution (default: the session's). */
export function useInstitution(id?: number | null) {
  const client = useDataClient();
  const session = useSession();
  const institutionId = id === undefined ? session.institutionId : id;
  return useSWR<Institution, ApiRequestError, ReturnType<typeof institutionKey> | null>(
    institutionId ? institutionKey(institutionId) : null,
    ([, key]) => getInstitution(client, key, { report: false }),
  );
}
