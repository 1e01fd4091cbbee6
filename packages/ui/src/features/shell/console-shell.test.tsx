import { DEFAULT_LIVE_CHAT } from '@conversa/contract/assistant';
import * as routes from '@conversa/contract/routes/conversations';
import { updateAssistant } from '@conversa/data/assistants/update-assistant';
import { askAssistant } from '@conversa/data/chat/ask-assistant';
import { storedGuest } from '@conversa/data/chat/guest-conversation';
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
    expect(links.map((link) => link.textContent)).toEqual(['Trainer', 'Dashboard', 'To review']);
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

describe('ConsoleShell: visitors waiting for a person', () => {
  it('badges the assistant as a visitor starts waiting and shows a desktop notification that opens it', async () => {
    // jsdom has no Notification: the browser's class, as far as the console uses it, granted.
    const shown: { title: string; body: string; onclick: (() => void) | null }[] = [];
    class FakeNotification {
      static permission: NotificationPermission = 'granted';
      static requestPermission = () => Promise.resolve('granted' as NotificationPermission);
      onclick: (() => void) | null = null;
      constructor(title: string, options: { body: string }) {
        shown.push(Object.assign(this, { title, body: options.body }) as never);
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeNotification);
    try {
      const school = await api.signedInOwner('school', { name: 'Colegio Norte' });
      const detail = await updateAssistant(school.client, school.assistant.id, {
        live_chat: { ...DEFAULT_LIVE_CHAT, enabled: true },
      });
      const { onNavigate } = renderShell(school.client);
      const button = await screen.findByRole('button', { name: /Pre-sales, Colegio Norte Assistant/ });
      expect(button.textContent).not.toMatch(/\d/);

      const visitor = api.client();
      await askAssistant(visitor, detail.external_id, 'Can I visit on Friday?', () => undefined);
      const conversationId = storedGuest(visitor)!.conversationId;
      await visitor.endpoint(routes.requestPerson, { params: { id: conversationId }, institution: false });

      await screen.findByRole('button', { name: /Colegio Norte Assistant, 1 visitor waiting for a person/ });
      await waitFor(() => expect(shown).toHaveLength(1));
      expect(shown[0]).toMatchObject({
        title: 'A visitor is waiting for a person',
        body: detail.product.name,
      });
      shown[0]!.onclick?.();
      expect(onNavigate).toHaveBeenCalledWith(
        `/pre-sales/dashboard/${school.assistant.id}/conversation/${conversationId}`,
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
