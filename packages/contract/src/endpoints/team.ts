/** Team endpoints: an institution's members and roles, and invitations by e-mail. */
import * as v from 'valibot';
import { MessageResultSchema } from '../common';
import { IdSchema } from '../fields';
import * as routes from '../routes/team';
import {
  DeleteMembersBodySchema,
  InvitationPreviewSchema,
  InvitationSchema,
  InvitationTokenParamsSchema,
  InviteBodySchema,
  JoinedSchema,
  MemberSchema,
  RevokeInvitationsBodySchema,
  UpdateMemberBodySchema,
} from '../team';
import type { Endpoint } from './endpoint';
import { IdParamsSchema } from './params';

const managers = { tag: 'team', access: 'staff', scope: 'institution', permission: 'team.manage' } as const;

export const teamEndpoints = {
  listMembers: {
    ...routes.listMembers,
    ...managers,
    summary: "The institution's members with their roles, by name",
    params: IdParamsSchema,
    response: v.array(MemberSchema),
  },
  updateMember: {
    ...routes.updateMember,
    ...managers,
    summary: "Change a member's role (the last main member keeps it)",
    params: v.object({ id: IdSchema, userId: IdSchema }),
    body: UpdateMemberBodySchema,
    response: MemberSchema,
  },
  deleteMembers: {
    ...routes.deleteMembers,
    ...managers,
    summary:
      'Remove members (user ids), all or none: their access to the institution ends at once; the last main member stays',
    params: IdParamsSchema,
    body: DeleteMembersBodySchema,
    response: MessageResultSchema,
  },
  listInvitations: {
    ...routes.listInvitations,
    ...managers,
    summary: "The institution's pending invitations (expired ones too, until revoked or resent)",
    params: IdParamsSchema,
    response: v.array(InvitationSchema),
  },
  createInvitation: {
    ...routes.createInvitation,
    ...managers,
    summary: 'Invite someone by e-mail with a role: a single-use link valid 7 days is mailed',
    params: IdParamsSchema,
    body: InviteBodySchema,
    response: InvitationSchema,
  },
  resendInvitation: {
    ...routes.resendInvitation,
    ...managers,
    summary: 'Mail a pending invitation again, with a new link valid 7 days (the old link stops working)',
    params: IdParamsSchema,
    response: InvitationSchema,
  },
  revokeInvitations: {
    ...routes.revokeInvitations,
    ...managers,
    summary: 'Revoke invitations of the X-Institution-Id institution; any other id refuses the whole request',
    body: RevokeInvitationsBodySchema,
    response: MessageResultSchema,
  },
  getInvitation: {
    ...routes.getInvitation,
    summary: 'What an invitation link offers, and whether it can still be used (the join page)',
    tag: 'team',
    access: 'public',
    scope: 'none',
    params: InvitationTokenParamsSchema,
    response: InvitationPreviewSchema,
  },
  acceptInvitation: {
    ...routes.acceptInvitation,
    summary: 'Join the institution of an invitation, signed in as the invited address',
    tag: 'team',
    access: 'staff',
    scope: 'none',
    params: InvitationTokenParamsSchema,
    response: JoinedSchema,
  },
} as const satisfies Record<string, Endpoint>;
