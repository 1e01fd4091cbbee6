/**
 * The team page against the real server: members listed, a role changed, the last main member's
 * refusal shown, members removed after a confirmation, an invitation sent (an address already in the
 * team said on the form), sent again and revoked; no management without `team.manage`.
 */
import type { Invitation, Member } from '@conversa/contract/team';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { connectedApi, renderConnected, type SignedInOwner } from '../../testing/connected';
import { invitationLink, invite, joinedMember } from '../../testing/team';
import { TeamPage } from './team-page';

const api = connectedApi();

const members = async (owner: SignedInOwner) =>
  (await api.server.call<{ data: Member[] }>(`/api/institution/${owner.institution.id}/member`, owner.as))
    .body.data;
const invitations = async (owner: SignedInOwner) =>
  (
    await api.server.call<{ data: Invitation[] }>(
      `/api/institution/${owner.institution.id}/invitation`,
      owner.as,
    )
  ).body.data;

describe('TeamPage', () => {
  it("lists the members and changes one's role", async () => {
    const user = userEvent.setup();
    const owner = await api.signedInOwner('school', { name: 'Colegio Equipo' });
    const agent = await joinedMember(api, owner, 'admissions_agent');
    renderConnected(<TeamPage />, { client: owner.client });
    const table = await screen.findByRole('table', { name: 'Members' });
    await within(table).findByText(agent.user.email);
    expect(within(table).getByText(owner.user.email)).toBeTruthy();
    expect(screen.getByText('2 members')).toBeTruthy();
    const role = within(table).getByLabelText(`Role of ${agent.user.email}`) as HTMLSelectElement;
    expect(role.value).toBe('admissions_agent');
    await user.selectOptions(role, 'admissions');
    expect(await screen.findByText('Update successfully.')).toBeTruthy();
    expect((await members(owner)).find((row) => row.user_id === agent.user.id)?.role).toBe('admissions');
  });

  it('shows the refusal to demote the last main member, whose role stays', async () => {
    const user = userEvent.setup();
    const owner = await api.signedInOwner('school');
    renderConnected(<TeamPage />, { client: owner.client });
    const table = await screen.findByRole('table', { name: 'Members' });
    const role = (await within(table).findByLabelText(`Role of ${owner.user.email}`)) as HTMLSelectElement;
    await user.selectOptions(role, 'admin-staff');
    expect(await screen.findByText('The team needs at least one main administrator.')).toBeTruthy();
    await waitFor(() => expect(role.value).toBe('main'));
    expect((await members(owner))[0]?.role).toBe('main');
  });

  it('removes the selected members after a confirmation; their access ends', async () => {
    const user = userEvent.setup();
    const owner = await api.signedInOwner('school');
    const first = await joinedMember(api, owner, 'communication');
    const second = await joinedMember(api, owner, 'lead_entry_agent');
    renderConnected(<TeamPage />, { client: owner.client });
    const table = await screen.findByRole('table', { name: 'Members' });
    await within(table).findByText(second.user.email);
    await user.click(within(table).getByRole('checkbox', { name: `Select ${first.user.email}` }));
    await user.click(within(table).getByRole('checkbox', { name: `Select ${second.user.email}` }));
    expect(screen.getByText('2 members selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove 2 members?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Delete successfully.')).toBeTruthy();
    await waitFor(() => expect(within(table).queryByText(first.user.email)).toBeNull());
    expect((await members(owner)).map((row) => row.user_id)).toEqual([owner.user.id]);
    const after = await api.server.call(`/api/institution/${owner.institution.id}`, {
      token: first.user.token,
      institution: owner.institution.id,
    });
    expect(after.status).toBe(404);
  });

  it('invites someone, says an address already in the team on the form, sends again and revokes', async () => {
    const user = userEvent.setup();
    const owner = await api.signedInOwner('school');
    const agent = await joinedMember(api, owner, 'admissions_agent');
    renderConnected(<TeamPage />, { client: owner.client });
    expect(await screen.findByText('No pending invitations.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Invite someone' }));
    let dialog = await screen.findByRole('dialog', { name: 'Invite someone' });
    expect(within(dialog).getByRole('table', { name: 'What each role can do' })).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Email/), agent.user.email);
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('This person is already a member of the team.')).toBeTruthy();

    await user.clear(within(dialog).getByLabelText(/^Email/));
    await user.type(within(dialog).getByLabelText(/^Email/), 'nueva@example.com');
    await user.selectOptions(within(dialog).getByLabelText(/^Role/), 'order_capture_agent');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to nueva@example.com.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const table = await screen.findByRole('table', { name: 'Pending invitations' });
    expect(within(table).getByText('Order capture agent')).toBeTruthy();
    const first = await invitationLink(api, 'nueva@example.com');

    await user.click(within(table).getByRole('button', { name: 'Send again to nueva@example.com' }));
    expect(await screen.findByText('Invitation sent again to nueva@example.com.')).toBeTruthy();
    expect(await invitationLink(api, 'nueva@example.com')).not.toBe(first);

    await user.click(
      within(table).getByRole('button', { name: 'Revoke the invitation to nueva@example.com' }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Revoke the invitation to nueva@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Invitation revoked.')).toBeTruthy();
    expect(await screen.findByText('No pending invitations.')).toBeTruthy();
    expect(await invitations(owner)).toEqual([]);
  });

  it('offers admin staff no main role, and an agent no management; Spanish', async () => {
    const owner = await api.signedInOwner('school');
    const staff = await joinedMember(api, owner, 'admin-staff');
    await invite(api, owner, 'otra@example.com', 'main');
    const view = renderConnected(<TeamPage />, { client: staff.client, locale: 'es' });
    const table = await screen.findByRole('table', { name: 'Miembros' });
    // The main member's row is not theirs to change.
    await within(table).findByText(owner.user.email);
    expect(within(table).queryByLabelText(`Rol de ${owner.user.email}`)).toBeNull();
    const own = within(table).getByLabelText(`Rol de ${staff.user.email}`);
    expect(within(own).queryByRole('option', { name: 'Administrador principal' })).toBeNull();
    const pending = await screen.findByRole('table', { name: 'Invitaciones pendientes' });
    expect(within(pending).queryByRole('button', { name: /Revocar/ })).toBeNull();
    view.unmount();

    const agent = await joinedMember(api, owner, 'admissions_agent');
    renderConnected(<TeamPage />, { client: agent.client });
    expect(await screen.findByText('You cannot manage the team.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite someone' })).toBeNull();
  });
});
