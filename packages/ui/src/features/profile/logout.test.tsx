import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { connectedApi, renderConnected } from '../../testing/connected';
import { LogoutPage } from './logout';

const api = connectedApi();

describe('LogoutPage', () => {
  it('revokes the token, clears the session and hands back to the app', async () => {
    const user = userEvent.setup();
    const { client, user: account } = await api.signedIn();
    const onLoggedOut = vi.fn();
    const onCancel = vi.fn();
    renderConnected(<LogoutPage onLoggedOut={onLoggedOut} onCancel={onCancel} />, { client });
    await user.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(client.session.getSnapshot().isAuthed).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(onLoggedOut).toHaveBeenCalledTimes(1));
    expect(client.session.getSnapshot()).toMatchObject({ isAuthed: false, jwt: null, user: null });
    expect(api.received('user/logout')).toHaveLength(1);
    const check = await api.server.call('/api/auth/validate-token', { method: 'POST', token: account.token });
    expect(check.status).toBe(401);
  });

  it('speaks Spanish', () => {
    renderConnected(<LogoutPage onLoggedOut={vi.fn()} />, { client: api.client(), locale: 'es' });
    expect(screen.getByRole('heading', { name: 'Cerrar sesión' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Seguir conectado' })).toBeNull();
  });
});
