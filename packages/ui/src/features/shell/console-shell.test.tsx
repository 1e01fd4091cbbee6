import type { DataClient } from '@conversa/data/client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { connectedApi, renderConnected } from '../../testing/connected';
import { notifyError } from '../../components/toaster/toaster';
import { ConsoleShell } from './console-shell';

const api = connectedApi();

/** A signed-in owner of a new institution; failures become toasts, as the admin app wires them. */
const owner = (kind: 'school' | 'business' = 'school', isAdmin = false) =>
  api.signedInOwner(kind, { name: 'Colegio Norte', isAdmin, onError: (error) => notifyError(error.message) });

function renderShell(client: DataClient, onLocaleSaved = vi.fn(), onNavigate = vi.fn()) {
  renderConnected(
    <ConsoleShell
      currentPath="/profile/about-you"
      onNavigate={onNavigate}
      onLocaleSaved={onLocaleSaved}
      defaultExpanded
    >
      <h1>Page</h1>
    </ConsoleShell>,
    { client },
  );
  return { onLocaleSaved, onNavigate };
}

describe('ConsoleShell', () => {
  it("shows the institution's assistants, the user's initials and the school's account menu", async () => {
    const user = userEvent.setup();
    const { client } = await owner('school');
    client.session.update({
      profile: { ...client.session.getSnapshot().profile!, full_name: 'marta gómez ruiz' },
    });
    const { onNavigate } = renderShell(client);
    const assistant = await screen.findByRole('button', { name: /Pre-sales, Colegio Norte Assistant/ });
    await user.click(assistant);
    const links = within(document.getElementById(assistant.getAttribute('aria-controls')!)!).getAllByRole(
      'link',
    );
    expect(links.map((link) => link.textContent)).toEqual(['Trainer', 'Dashboard']);
    expect(screen.queryByRole('link', { name: 'Change institution' })).toBeNull();

    const account = screen.getByRole('button', { name: /Account menu/ });
    expect(within(account).getByText('MG')).toBeTruthy();
    await user.click(account);
    await user.click(await screen.findByRole('menuitem', { name: 'About your school' }));
    expect(onNavigate).toHaveBeenCalledWith('/profile/about-your-school');
  });

  it('offers about your business to a business, and change institution to an admin', async () => {
    const user = userEvent.setup();
    const { client } = await owner('business', true);
    renderShell(client);
    expect(await screen.findByRole('button', { name: /Pre-sales, Colegio Norte Assistant/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change institution' }).getAttribute('href')).toBe(
      '/change-institution',
    );
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'About your business' })).toBeTruthy());
  });

  it('saves the chosen language to the profile, then asks the app to reload', async () => {
    const user = userEvent.setup();
    const { client, user: account } = await owner();
    const before = client.session.getSnapshot().profile!;
    const { onLocaleSaved } = renderShell(client);
    await user.click(await screen.findByRole('button', { name: /ES/ }));
    await waitFor(() => expect(onLocaleSaved).toHaveBeenCalledWith('es'));
    const [put] = api.received(`user/${account.id}/profile`, 'PUT');
    expect(JSON.parse(put!.body)).toMatchObject({ full_name: before.full_name, locale: 'es' });
    // The profile belongs to the user, not to an institution (docs/product.md#calls).
    expect(put!.headers.get('x-institution-id')).toBeNull();
    expect(client.session.getSnapshot()).toMatchObject({ locale: 'es', profile: { locale: 'es' } });
    const stored = await api.server.call<{ data: { profile: { locale: string } } }>(
      '/api/auth/validate-token',
      {
        method: 'POST',
        token: client.session.getSnapshot().jwt,
      },
    );
    expect(stored.body.data.profile.locale).toBe('es');
  });

  it('stays on the page and shows the error when the language cannot be saved', async () => {
    const user = userEvent.setup();
    const { client } = await owner();
    // A profile the server refuses (the full name is required).
    client.session.update({ profile: { ...client.session.getSnapshot().profile!, full_name: '' } });
    const { onLocaleSaved } = renderShell(client);
    await user.click(await screen.findByRole('button', { name: /ES/ }));
    expect(await screen.findByText('Some fields are not valid. Check them and try again.')).toBeTruthy();
    expect(onLocaleSaved).not.toHaveBeenCalled();
    expect(client.session.getSnapshot().locale).toBe('en');
    expect(screen.getByRole('group', { name: 'Language' }).getAttribute('aria-busy')).toBeNull();
  });
});
