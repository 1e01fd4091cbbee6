/**
 * The join page against the real server: a pending link signed in as the invited address joins and
 * the session acts in the institution; signed out, the sign-in flow's slot gets the invited address;
 * used, revoked, expired and unknown links each get a page saying so.
 */
import { INVITATION_TTL_DAYS } from '@conversa/contract/team';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { connectedApi, renderConnected } from '../../testing/connected';
import { invite } from '../../testing/team';
import { JoinPage, type JoinSignIn } from './join-page';

const api = connectedApi();
const noSignIn = () => {
  throw new Error('the sign-in flow was not expected');
};

describe('JoinPage', () => {
  it('joins as the invited address: the session acts in the institution with the role', async () => {
    const user = userEvent.setup();
    const owner = await api.signedInOwner('school', { name: 'Colegio Sol' });
    const invitee = await api.signedIn();
    const { token } = await invite(api, owner, invitee.user.email, 'admissions');
    const onJoined = vi.fn();
    renderConnected(<JoinPage token={token} signIn={noSignIn} onJoined={onJoined} />, {
      client: invitee.client,
    });
    expect(await screen.findByRole('heading', { name: 'Join Colegio Sol', level: 1 })).toBeTruthy();
    expect(screen.getByText('Admissions')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Join Colegio Sol' }));
    await vi.waitFor(() => expect(onJoined).toHaveBeenCalledOnce());
    expect(invitee.client.session.getSnapshot()).toMatchObject({
      institutionId: owner.institution.id,
      roles: ['admissions'],
    });
  });

  it('has an address never proved confirmed with the mailed code, then joins', async () => {
    const user = userEvent.setup();
    const owner = await api.signedInOwner('school', { name: 'Colegio Mar' });
    const invitee = await api.signedIn({ emailVerified: false });
    const { token } = await invite(api, owner, invitee.user.email, 'communication');
    const onJoined = vi.fn();
    renderConnected(<JoinPage token={token} signIn={noSignIn} onJoined={onJoined} />, {
      client: invitee.client,
      locale: 'es',
    });
    await user.click(await screen.findByRole('button', { name: 'Unirse a Colegio Mar' }));
    expect(
      await screen.findByRole('heading', { name: 'Confirma tu dirección de correo', level: 1 }),
    ).toBeTruthy();
    expect(screen.getByText(/Podrás pedir un código nuevo en \d+ s\./)).toBeTruthy();
    const code = /\b(\d{6})\b/.exec((await api.server.lastMailTo(invitee.user.email))?.text ?? '')?.[1];
    const field = screen.getByRole('textbox', { name: 'Código de verificación' });
    await user.type(field, code === '000000' ? '000001' : '000000');
    await user.click(screen.getByRole('button', { name: 'Confirmar y unirme' }));
    expect(
      await screen.findByText('El código no es correcto. Revisa el correo que te enviamos.'),
    ).toBeTruthy();
    expect(onJoined).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, code!);
    await user.click(screen.getByRole('button', { name: 'Confirmar y unirme' }));
    await vi.waitFor(() => expect(onJoined).toHaveBeenCalledOnce());
    expect(invitee.client.session.getSnapshot()).toMatchObject({
      institutionId: owner.institution.id,
      roles: ['communication'],
    });
  });

  it('signed in as another address, offers to log out and continue as the invited one', async () => {
    const user = userEvent.setup();
    const owner = await api.signedInOwner('school');
    const someone = await api.signedIn();
    const { token } = await invite(api, owner, 'invitada@example.com', 'communication');
    const signIn = vi.fn((invitation: JoinSignIn) => <p>{`sign in as ${invitation.email}`}</p>);
    renderConnected(<JoinPage token={token} signIn={signIn} onJoined={vi.fn()} />, {
      client: someone.client,
    });
    expect(
      await screen.findByText(
        'This invitation is for another email address. Sign in with the invited address.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Log out and continue as invitada@example.com' }));
    expect(await screen.findByText('sign in as invitada@example.com')).toBeTruthy();
    expect(someone.client.session.getSnapshot().jwt).toBeNull();
    expect(signIn).toHaveBeenLastCalledWith(
      { email: 'invitada@example.com', hasAccount: false },
      expect.any(Function),
    );
  });

  it('signed out, shows the invitation and the sign-in flow for the invited address, in Spanish', async () => {
    const owner = await api.signedInOwner('business', { name: 'Tienda Luna' });
    const existing = await api.signedIn();
    const { token } = await invite(api, owner, existing.user.email, 'order_capture_agent');
    const signIn = vi.fn((invitation: JoinSignIn) => (
      <p>{`flow ${invitation.email} ${invitation.hasAccount}`}</p>
    ));
    renderConnected(<JoinPage token={token} signIn={signIn} onJoined={vi.fn()} />, {
      client: api.client(),
      locale: 'es',
    });
    expect(await screen.findByText(`flow ${existing.user.email} true`)).toBeTruthy();
    expect(screen.getByText('Tienda Luna')).toBeTruthy();
    expect(screen.getByText('Agente de captura de pedidos')).toBeTruthy();
  });

  it('says when a link was used or revoked, or is unknown', async () => {
    const owner = await api.signedInOwner('school');
    const invitee = await api.signedIn();
    const used = await invite(api, owner, invitee.user.email, 'admissions_agent');
    await api.server.call(`/api/invitation/${used.token}/accept`, {
      method: 'POST',
      token: invitee.user.token,
    });
    const view = renderConnected(<JoinPage token={used.token} signIn={noSignIn} onJoined={vi.fn()} />, {
      client: api.client(),
    });
    expect(
      await screen.findByRole('heading', { name: 'This invitation has already been used' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login');
    view.unmount();

    const revoked = await invite(api, owner, 'retirada@example.com', 'admissions_agent');
    await api.server.call('/api/invitation/delete', { ...owner.as, json: { ids: [revoked.id] } });
    const second = renderConnected(<JoinPage token={revoked.token} signIn={noSignIn} onJoined={vi.fn()} />, {
      client: api.client(),
    });
    expect(await screen.findByRole('heading', { name: 'This invitation was withdrawn' })).toBeTruthy();
    second.unmount();

    const third = renderConnected(<JoinPage token={'x'.repeat(43)} signIn={noSignIn} onJoined={vi.fn()} />, {
      client: api.client(),
    });
    expect(await screen.findByRole('heading', { name: 'This invitation link is not valid' })).toBeTruthy();
    third.unmount();
    renderConnected(<JoinPage token={null} signIn={noSignIn} onJoined={vi.fn()} />, { client: api.client() });
    expect(await screen.findByRole('heading', { name: 'This invitation link is not valid' })).toBeTruthy();
  });

  it('says when a link has expired', async () => {
    const owner = await api.signedInOwner('school');
    const { token } = await invite(api, owner, 'tarde@example.com', 'admissions_agent');
    const later = (INVITATION_TTL_DAYS + 1) * 24 * 60 * 60_000;
    api.server.clock.advance(later);
    try {
      renderConnected(<JoinPage token={token} signIn={noSignIn} onJoined={vi.fn()} />, {
        client: api.client(),
      });
      expect(await screen.findByRole('heading', { name: 'This invitation has expired' })).toBeTruthy();
    } finally {
      api.server.clock.advance(-later);
    }
  });
});
