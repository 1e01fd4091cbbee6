import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { connectedApi, renderConnected } from '../../testing/connected';
import { AboutYouPage } from './about-you';

const api = connectedApi();

describe('AboutYouPage', () => {
  it('saves the profile, toasts the documented text, and the stored session follows', async () => {
    const user = userEvent.setup();
    const { client, user: account } = await api.signedIn();
    renderConnected(<AboutYouPage />, { client });
    expect(screen.getByRole('heading', { name: 'About you' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(account.email);
    const fullName = screen.getByLabelText(/^Full name/);
    await user.clear(fullName);
    await user.type(fullName, 'Elena Ruiz');
    await user.selectOptions(screen.getByLabelText('Position'), 'Director general');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Mexico' })).toBeTruthy());
    await user.selectOptions(screen.getByLabelText('Country'), 'MX');
    await user.type(screen.getByLabelText('City'), 'Puebla');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile was successfully updated.')).toBeTruthy();
    expect(client.session.getSnapshot().profile).toMatchObject({
      full_name: 'Elena Ruiz',
      role: 'director_general',
      country: 'MX',
      city: 'Puebla',
    });
    const { body } = await api.server.call<{ data: { profile: unknown } }>('/api/auth/validate-token', {
      method: 'POST',
      token: account.token,
    });
    expect(body.data.profile).toMatchObject({ full_name: 'Elena Ruiz', city: 'Puebla' });
  });

  it("shows the server's issues under their fields, and a blank name before asking", async () => {
    const user = userEvent.setup();
    const { client } = await api.signedIn();
    renderConnected(<AboutYouPage />, { client });
    const fullName = screen.getByLabelText(/^Full name/);
    await user.clear(fullName);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    await user.type(screen.getByLabelText('City'), 'x'.repeat(121));
    await user.type(fullName, 'Ana');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This value is too long.')).toBeTruthy();
    expect(screen.getByLabelText('City').getAttribute('aria-invalid')).toBe('true');
    expect(client.session.getSnapshot().profile?.full_name).not.toBe('Ana');
  });

  it('waits for the profile when the session has none yet', async () => {
    const { client, user: account } = await api.signedIn();
    client.session.update({ profile: null });
    renderConnected(<AboutYouPage />, { client });
    expect(screen.getByRole('status', { name: 'Loading your profile…' })).toBeTruthy();
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe(account.email);
  });

  it('speaks Spanish', async () => {
    const { client } = await api.signedIn();
    renderConnected(<AboutYouPage />, { client, locale: 'es' });
    expect(screen.getByRole('heading', { name: 'Sobre ti' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Director/a general' })).toBeTruthy();
  });
});
