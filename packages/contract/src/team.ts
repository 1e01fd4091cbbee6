/**
 * An institution's team (docs/product.md#roles): its members and their roles, and the invitations
 * by e-mail that bring new ones in. Those with `team.manage` (main, admin-staff) run it; an
 * institution always keeps at least one `main` member.
 */
import * as v from 'valibot';
import { ValidationCode as C } from './codes';
import { EmailSchema, IdSchema, idsBodySchema } from './fields';
import { MEMBER_ROLES, type Role } from './roles';

/** An invitation link works this many days after it was sent (or sent again). */
export const INVITATION_TTL_DAYS = 7;

/** Only a main member or a platform admin grants, changes or removes the main role. */
export const grantsMainRole = (roles: readonly Role[]): boolean =>
  roles.includes('main') || roles.includes('admin');

const MemberRoleSchema = v.picklist(MEMBER_ROLES, C.invalidValue);

/** `GET institution/{id}/member` row. */
export const MemberSchema = v.object({
  user_id: v.number(),
  full_name: v.string(),
  email: v.string(),
  role: v.picklist(MEMBER_ROLES),
  /** The member's last call to the API, to the minute or so; null before any. */
  last_active_at: v.nullable(v.string()),
  joined_at: v.string(),
});
export type Member = v.InferOutput<typeof MemberSchema>;

/** `PUT institution/{id}/member/{userId}` body. */
export const UpdateMemberBodySchema = v.object({ role: MemberRoleSchema });
export type UpdateMemberBody = v.InferInput<typeof UpdateMemberBodySchema>;

const idsBody = idsBodySchema(IdSchema);

/** `POST institution/{id}/member/delete` body: user ids. */
export const DeleteMembersBodySchema = idsBody;
/** `POST invitation/delete` body: the invitations to revoke. */
export const RevokeInvitationsBodySchema = idsBody;

export const INVITATION_STATES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** `POST institution/{id}/invitation` body. */
export const InviteBodySchema = v.object({ email: EmailSchema, role: MemberRoleSchema });
export type InviteBody = v.InferInput<typeof InviteBodySchema>;

/** An invitation as its institution's managers see it. */
export const InvitationSchema = v.object({
  id: v.number(),
  email: v.string(),
  role: v.picklist(MEMBER_ROLES),
  expires_at: v.string(),
  state: v.picklist(INVITATION_STATES),
  invited_by: v.string(),
  created_at: v.string(),
});
export type Invitation = v.InferOutput<typeof InvitationSchema>;

/** `{token}`: an invitation link's token. */
export const InvitationTokenParamsSchema = v.object({
  token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)),
});

/** `GET invitation/{token}` (public): what the join page needs to explain the link. */
export const InvitationPreviewSchema = v.object({
  institution_name: v.string(),
  role: v.picklist(MEMBER_ROLES),
  email: v.string(),
  /** An account exists for the address: the page offers to sign in, else to sign up. */
  has_account: v.boolean(),
  state: v.picklist(INVITATION_STATES),
});
export type InvitationPreview = v.InferOutput<typeof InvitationPreviewSchema>;

/** `POST invitation/{token}/accept`: the institution joined. */
export const JoinedSchema = v.object({ institution_id: v.number(), role: v.picklist(MEMBER_ROLES) });
export type Joined = v.InferOutput<typeof JoinedSchema>;
