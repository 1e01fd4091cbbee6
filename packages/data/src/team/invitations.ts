/**
 * Invitations by e-mail: the managers' list (`GET institution/{id}/invitation`), invite (`POST
 * institution/{id}/invitation`, 409 `already_member` / `already_invited`), send again with a new link
 * (`POST invitation/{id}/resend`) and revoke (`POST invitation/delete`); the join page's public
 * preview of a link (`GET invitation/{token}`) and accepting it (`POST invitation/{token}/accept`),
 * after which the session acts in the institution joined.
 */
import type { MessageResult } from '@conversa/contract/common';
import * as routes from '@conversa/contract/routes/team';
import { isRouteKey, routeKey } from '../keys';
import type { Invitation, InvitationPreview, InviteBody, Joined } from '@conversa/contract/team';
import type { CallOptions, DataClient } from '../client';
import { selectInstitution } from '../institutions/select-institution';
import { useSession } from '../provider';
import type { ReadResponse } from '../swr-config';
import { isUserInstitutionsKey } from '../users/list-user-institutions';
import { useWrite } from '../mutation';
import { useCached } from '../cached';

/** SWR key of an institution's invitations. */
export const invitationsKey = (institutionId: number) =>
  routeKey(routes.listInvitations, { id: institutionId });

/** SWR key of an invitation link's preview. */
export const invitationPreviewKey = (token: string) => routeKey(routes.getInvitation, { token });

const isInvitationsKey = (institutionId: number | null) =>
  isRouteKey(routes.listInvitations, institutionId === null ? {} : { id: institutionId });

/** The pending invitations (expired ones too, until revoked or sent again). */
export function listInvitations(
  client: DataClient,
  institutionId: number,
  options?: CallOptions,
): Promise<Invitation[]> {
  return client.endpoint(routes.listInvitations, { ...options, params: { id: institutionId } });
}

/** The invitations of an institution (default: the session's). */
export function useInvitations(institutionId?: number | null): ReadResponse<Invitation[]> {
  const session = useSession();
  const id = institutionId === undefined ? session.institutionId : institutionId;
  return useCached(id ? [id] : null, invitationsKey, listInvitations);
}

/** What `useCreateInvitation`'s trigger takes. */
export interface NewInvitation extends InviteBody {
  institutionId: number;
}

/** Invites an address with a role; the link is mailed. */
export async function createInvitation(
  client: DataClient,
  { institutionId, ...body }: NewInvitation,
): Promise<Invitation> {
  const created = await client.endpoint(routes.createInvitation, {
    params: { id: institutionId },
    json: body,
  });
  await client.invalidate(isInvitationsKey(institutionId));
  return created;
}

/** `trigger({institutionId, email, role})` invites; errors stay with the form. */
export function useCreateInvitation() {
  return useWrite(routes.createInvitation, createInvitation);
}

/** Mails a pending invitation again with a new link valid 7 days (the old link stops working). */
export async function resendInvitation(client: DataClient, invitationId: number): Promise<Invitation> {
  const renewed = await client.endpoint(routes.resendInvitation, { params: { id: invitationId } });
  await client.invalidate(isInvitationsKey(null));
  return renewed;
}

/** `trigger(invitationId)` sends an invitation again. */
export function useResendInvitation() {
  return useWrite(routes.resendInvitation, resendInvitation);
}

/** Revokes invitations of the session's institution, all or none; their links stop working. */
export async function revokeInvitations(client: DataClient, ids: readonly number[]): Promise<MessageResult> {
  const result = await client.endpoint(routes.revokeInvitations, { json: { ids } });
  await client.invalidate(isInvitationsKey(null));
  return result;
}

/** `trigger(ids)` revokes invitations. */
export function useRevokeInvitations() {
  return useWrite(routes.revokeInvitations, revokeInvitations);
}

/** What a link offers and whether it still works (public: signed in or not). */
export function getInvitation(
  client: DataClient,
  token: string,
  options?: CallOptions,
): Promise<InvitationPreview> {
  return client.endpoint(routes.getInvitation, {
    ...options,
    params: { token },
    institution: false,
    sessionCheck: false,
  });
}

/** The preview of an invitation link; nothing is asked without a token. */
export function useInvitation(token: string | null | undefined): ReadResponse<InvitationPreview> {
  // A link's state changes only when someone acts on it.
  return useCached(token ? [token] : null, invitationPreviewKey, getInvitation, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}

/**
 * Joins the invitation's institution as the signed-in user (the invited address; 403
 * `invitation_other_email` otherwise, 409 `invitation_unusable` for a used, revoked or expired link);
 * the session then acts there with the role held.
 */
export async function acceptInvitation(client: DataClient, token: string): Promise<Joined> {
  const joined = await client.endpoint(routes.acceptInvitation, { params: { token }, institution: false });
  selectInstitution(client, joined.institution_id, joined.role);
  const isPreviewKey = isRouteKey(routes.getInvitation, { token });
  await client.invalidate((key) => isUserInstitutionsKey(key) || isPreviewKey(key));
  return joined;
}

/** `trigger(token)` joins. */
export function useAcceptInvitation() {
  return useWrite(routes.acceptInvitation, acceptInvitation);
}
