import { createUser } from '@conversa/server/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { connectedApi, renderConnected } from '../../testing/connected';
import { NewPasswordForm, RequestResetForm } from './reset-password';

const api = connectedApi();

/** The token of the newest reset link mailed to an address. */
async function mailedToken(email: string): Promise<string> {
  let token: string | undefined;
  await waitFor(async () => {
    const mail = await api.server.lastMailTo(email);
    token = /reset-password\?token=([^\s"&<]+)/.exec(mail?.text ?? '')?.[1];
    if (!token) throw new Error(`no reset link mailed to ${email}`);
  });
  return decodeURIComponent(token as string);
}

describe('RequestResetForm', () => {
  it('requires a valid e-mail, then shows the server message and mails a link', async () => {
    const user = userEvent.setup();
    const account = await createUser(api.server);
    const onBackToLogin = vi.fn();
    renderConnected(<RequestResetForm onBackToLogin={onBackToLogin} />, { client: api.client() });
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Email/), 'nobody@');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Invalid email address.')).toBeTruthy();
    expect(api.received('user/password/request-reset')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(screen.getByLabelText(/^Email/), account.email);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'If an account exists for this email, we sent a link to reset the password.',
    );
    expect(await mailedToken(account.email)).toMatch(/.{16,}/);
    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(onBackToLogin).toHaveBeenCalledTimes(1);
  });
});

describe('NewPasswordForm', () => {
  it('checks the documented rules, sets the password with the mailed token and hands back to login', async () => {
    const user = userEvent.setup();
    const account = await createUser(api.server);
    await api.server.call('/api/user/password/request-reset', { json: { email: account.email } });
    const token = await mailedToken(account.email);
    const onDone = vi.fn();
    renderConnected(<NewPasswordForm token={token} onDone={onDone} />, { client: api.client() });
    const save = screen.getByRole('button', { name: 'Save password' });
    await user.click(save);
    // The resolver checks asynchronously: wait for every message, not just the first.
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(2));
    const password = screen.getByLabelText(/^New password/);
    const repeat = screen.getByLabelText(/^Repeat password/);
    for (const [value, message] of [
      ['Short1', 'The password must be at least 8 characters long.'],
      ['longenough1', 'The password must contain at least one uppercase letter.'],
      ['Longenough', 'The password must contain at least one number.'],
    ] as const) {
      await user.clear(password);
      await user.type(password, value);
      await user.click(save);
      expect(screen.getByText(message)).toBeTruthy();
    }
    await user.clear(password);
    await user.type(password, 'Fr3shPassword');
    await user.type(repeat, 'Fr3shPasswort');
    await user.click(save);
    expect(await screen.findByText('Passwords must match.')).toBeTruthy();
    expect(api.received('user/password/reset')).toHaveLength(0);

    await user.clear(repeat);
    await user.type(repeat, 'Fr3shPassword');
    await user.click(save);
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(screen.getAllByText('Your password was reset. Sign in with the new one.').length).toBeGreaterThan(
      0,
    );
    const login = await api.server.call('/api/auth/login', {
      json: { email: account.email, password: 'Fr3shPassword' },
    });
    expect(login.status).toBe(200);
  });

  it('says when the link is no longer valid', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    renderConnected(<NewPasswordForm token="used-or-made-up-token" onDone={onDone} />, {
      client: api.client(),
    });
    await user.type(screen.getByLabelText(/^New password/), 'Fr3shPassword');
    await user.type(screen.getByLabelText(/^Repeat password/), 'Fr3shPassword');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This reset link is invalid or has expired. Ask for a new one.',
    );
    expect(onDone).not.toHaveBeenCalled();
  });

  it('speaks Spanish', async () => {
    const user = userEvent.setup();
    renderConnected(<NewPasswordForm token="x" onDone={vi.fn()} />, { client: api.client(), locale: 'es' });
    expect(screen.getByRole('heading', { name: 'Elige una nueva contraseña' })).toBeTruthy();
    await user.type(screen.getByLabelText(/^Nueva contraseña/), 'Fr3shPassword');
    await user.type(screen.getByLabelText(/^Repite la contraseña/), 'Otra1234');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(screen.getByText('Las contraseñas deben coincidir.')).toBeTruthy();
  });
});
