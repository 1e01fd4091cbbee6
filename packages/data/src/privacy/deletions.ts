/**
 * Deleting what you created (issue 36): assistants (`POST institution-product/delete`), the
 * institution (`POST institution/{id}/delete`, confirmed by its name) and one's own account
 * (`GET user/{id}/deletion` says what it takes along; `POST user/{id}/delete` with the password).
 * Each refreshes what it emptied; the app decides where to go next.
 */
import type { MessageResult } from '@conversa/contract/common';
import type { AccountDeletion } from '@conversa/contract/privacy';
import * as assistantRoutes from '@conversa/contract/routes/assistants';
import * as routes from '@conversa/contract/routes/privacy';
import type { DataClient } from '../client';
import { isRouteKey, routeKey } from '../keys';
import { useSession } from '../provider';
import type { ReadResponse } from '../swr-config';
import { isUserInstitutionsKey } from '../users/list-user-institutions';
import { useWrite } from '../mutation';
import { useCached } from '../cached';

/** What `useDeleteAssistants`' trigger takes (the session's institution is the one acted in). */
export interface AssistantsRemoval {
  institutionId: number;
  ids: readonly number[];
}

/** Deletes assistants with everything they hold; the institution's assistant list refreshes. */
export async function deleteAssistants(
  client: DataClient,
  { institutionId, ids }: AssistantsRemoval,
): Promise<MessageResult> {
  const result = await client.endpoint(routes.deleteAssistants, { json: { ids: [...ids] } });
  await client.invalidate(isRouteKey(assistantRoutes.listAssistants, { id: institutionId }));
  return result;
}

/** `trigger({institutionId, ids})` deletes assistants. */
export function useDeleteAssistants() {
  return useWrite(routes.deleteAssistants, deleteAssistants);
}

/** What `useDeleteInstitution`'s trigger takes. */
export interface InstitutionRemoval {
  institutionId: number;
  confirmName: string;
}

/**
 * Deletes the institution (main members only; a 400 on `confirm_name` when it is not its name).
 * The session then acts in no institution, and the user's institution list refreshes.
 */
export async function deleteInstitution(
  client: DataClient,
  { institutionId, confirmName }: InstitutionRemoval,
): Promise<MessageResult> {
  const result = await client.endpoint(routes.deleteInstitution, {
    params: { id: institutionId },
    json: { confirm_name: confirmName },
  });
  if (client.session.getSnapshot().institutionId === institutionId)
    client.session.update({ institutionId: null });
  await client.invalidate(isUserInstitutionsKey);
  return result;
}

/** `trigger({institutionId, confirmName})` deletes the institution. */
export function useDeleteInstitution() {
  return useWrite(routes.deleteInstitution, deleteInstitution);
}

/** SWR key of what deleting an account takes along. */
export const accountDeletionKey = (userId: number) => routeKey(routes.getAccountDeletion, { id: userId });

export function getAccountDeletion(client: DataClient, userId: number): Promise<AccountDeletion> {
  return client.endpoint(routes.getAccountDeletion, { params: { id: userId }, report: false });
}

/** The signed-in user's: institutions where they are alone (deleted with it) and those that block it. */
export function useAccountDeletion(enabled = true): ReadResponse<AccountDeletion> {
  const session = useSession();
  const id = enabled ? (session.user?.id ?? null) : null;
  return useCached(id ? [id] : null, accountDeletionKey, getAccountDeletion);
}

/** What `useDeleteAccount`'s trigger takes. */
export interface AccountRemoval {
  password: string;
  /** The institutions where the user is alone, named to confirm they go too. */
  confirmInstitutions: readonly number[];
}

/**
 * Deletes the signed-in user's account (409 `last_main`, 409 `institutions_to_delete`, 400
 * `wrong_current_password`); on success the local session ends.
 */
export async function deleteAccount(
  client: DataClient,
  { password, confirmInstitutions }: AccountRemoval,
): Promise<MessageResult> {
  const userId = client.session.getSnapshot().user?.id;
  if (!userId) throw new Error('deleteAccount needs a signed-in user');
  const result = await client.endpoint(routes.deleteAccount, {
    params: { id: userId },
    json: { password, confirm_institutions: [...confirmInstitutions] },
  });
  client.endSession();
  return result;
}

/** `trigger({password, confirmInstitutions})` deletes the account. */
export function useDeleteAccount() {
  return useWrite(routes.deleteAccount, deleteAccount);
}
