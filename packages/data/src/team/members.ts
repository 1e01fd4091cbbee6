/**
 * An institution's members and their roles: `GET institution/{id}/member`, `PUT
 * institution/{id}/member/{userId}` and `POST institution/{id}/member/delete` (all or none). Only a
 * main member changes the main role, and the last main member stays (409 `last_main`). A write
 * refreshes the list.
 */
import { isRouteKey, routeKey } from '../keys';
import type { MessageResult } from '@conversa/contract/common';
import type { MemberRole } from '@conversa/contract/roles';
import * as routes from '@conversa/contract/routes/team';
import type { Member } from '@conversa/contract/team';
import type { CallOptions, DataClient } from '../client';
import { useSession } from '../provider';
import type { ReadResponse } from '../swr-config';
import { useWrite } from '../mutation';
import { useCached } from '../cached';

/** SWR key of an institution's members. */
export const membersKey = (institutionId: number) => routeKey(routes.listMembers, { id: institutionId });

const isMembersKey = (institutionId: number) => isRouteKey(routes.listMembers, { id: institutionId });

/** The members, by name. */
export function listMembers(
  client: DataClient,
  institutionId: number,
  options?: CallOptions,
): Promise<Member[]> {
  return client.endpoint(routes.listMembers, { ...options, params: { id: institutionId } });
}

/** The members of an institution (default: the session's). */
export function useMembers(institutionId?: number | null): ReadResponse<Member[]> {
  const session = useSession();
  const id = institutionId === undefined ? session.institutionId : institutionId;
  return useCached(id ? [id] : null, membersKey, listMembers);
}

/** What `useUpdateMember`'s trigger takes. */
export interface MemberChange {
  institutionId: number;
  userId: number;
  role: MemberRole;
}

/** Gives a member another role (409 `last_main` for the last main member, 403 for the main role without being main). */
export async function updateMember(
  client: DataClient,
  { institutionId, userId, role }: MemberChange,
): Promise<Member> {
  const member = await client.endpoint(routes.updateMember, {
    params: { id: institutionId, userId },
    json: { role },
  });
  await client.invalidate(isMembersKey(institutionId));
  return member;
}

/** `trigger({institutionId, userId, role})` changes a role; the caller shows a failure. */
export function useUpdateMember() {
  return useWrite(routes.updateMember, updateMember);
}

/** What `useDeleteMembers`' trigger takes. */
export interface MembersRemoval {
  institutionId: number;
  userIds: readonly number[];
}

/** Removes members, all or none: their access ends at once. Answers 'Delete successfully.'. */
export async function deleteMembers(
  client: DataClient,
  { institutionId, userIds }: MembersRemoval,
): Promise<MessageResult> {
  const result = await client.endpoint(routes.deleteMembers, {
    params: { id: institutionId },
    json: { ids: userIds },
  });
  await client.invalidate(isMembersKey(institutionId));
  return result;
}

/** `trigger({institutionId, userIds})` removes members. */
export function useDeleteMembers() {
  return useWrite(routes.deleteMembers, deleteMembers);
}
