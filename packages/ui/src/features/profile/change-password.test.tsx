import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { connectedApi, renderConnected } from '../../testing/connected';
import { ChangePasswordPage } from './change-password';

const api = connectedApi();

describe('ChangePasswordPage', () => {
  it('shows a wrong current password under its field, then changes the password', async () => {
    const user = userEvent.setup();
    const { client, user: account } = await api.signedIn();
    renderConnected(<ChangePasswordPage />, { client });
    const current = screen.getByLabelText(/^Current password/);
    const next = screen.getByLabelText(/^New password/);
    const repeat = screen.getByLabelText(/^Repeat new password/);
    const submit = screen.getByRole('button', { name: 'Update password' });
    await user.click(submit);
    // The resolver checks asynchronously: wait for every message, not just the first.
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(3));

    await user.type(current, 'Not-the-passw0rd');
    await user.type(next, 'N3wPassword');
    await user.type(repeat, 'N3wPassword');
    await user.click(submit);
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    const described = current.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe('The current password is incorrect.');
    expect(client.session.getSnapshot().isAuthed).toBe(true);

    await user.clear(current);
    await user.type(current, account.password);
    await user.click(submit);
    expect(await screen.findByText('Password was successfully updated.')).toBeTruthy();
    expect((current as HTMLInputElement).value).toBe('');
    const login = await api.server.call('/api/auth/login', {
      json: { email: account.email, password: 'N3wPassword' },
    });
    expect(login.status).toBe(200);
    // This session stays; the server ended only the others.
    const check = await api.server.call('/api/auth/validate-token', {
      method: 'POST',
      token: client.session.getSnapshot().jwt,
    });
    expect(check.status).toBe(200);
  });

  it('applies the documented password rules before asking the server', async () => {
    const user = userEvent.setup();
    const { client } = await api.signedIn();
    renderConnected(<ChangePasswordPage />, { client });
    const before = api.received('user/change-password').length;
    await user.type(screen.getByLabelText(/^Current password/), 'whatever');
    await user.type(screen.getByLabelText(/^New password/), 'nouppercase1');
    await user.type(screen.getByLabelText(/^Repeat new password/), 'nouppercase1');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('The password must contain at least one uppercase letter.')).toBeTruthy();
    expect(api.received('user/change-password')).toHaveLength(before);
  });
});
