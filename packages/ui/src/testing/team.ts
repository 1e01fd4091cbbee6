/** The team screens' test fixtures: members brought in through the API, as the invitation flow does it. */
import type { MemberRole } from '@conversa/contract/roles';
import { acceptInvitation } from '@conversa/data/team/invitations';
import type { ConnectedApi, SignedInOwner } from './connected';

/** The token of the newest invitation link mailed to `email`. */
export async function invitationLink(api: ConnectedApi, email: string): Promise<string> {
  const mail = await api.server.lastMailTo(email);
  const token = /\/join\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

/** `POST institution/{id}/invitation` as the owner; the link's token once mailed. */
export async function invite(api: ConnectedApi, owner: SignedInOwner, email: string, role: MemberRole) {
  const sent = await api.server.call<{ data: { id: number } }>(
    `/api/institution/${owner.institution.id}/invitation`,
    {
      method: 'POST',
      ...owner.as,
      json: { email, role },
    },
  );
  if (sent.status !== 201) throw new Error(`invitation answered ${sent.status}`);
  return { id: sent.body.data.id, token: await invitationLink(api, email) };
}

/** A new signed-in user who joined the owner's institution with `role` through an invitation. */
export async function joinedMember(api: ConnectedApi, owner: SignedInOwner, role: MemberRole) {
  const member = await api.signedIn();
  const { token } = await invite(api, owner, member.user.email, role);
  // The member's session then acts in the institution with the role.
  await acceptInvitation(member.client, token);
  return member;
}
