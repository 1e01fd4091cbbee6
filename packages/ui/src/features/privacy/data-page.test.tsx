/**
 * The Data page and the deletions against the real server (issue 36): periods saved (a wrong one
 * said on its field, nothing saved), a person found, their data downloaded and erased after a
 * confirmation; an assistant deleted only once its name is typed; an account deleted with the
 * password, its lone institution named first. Axe finds no serious issue on the page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { connectedApi, renderConnected } from '../../testing/connected';
import { DataPage } from './data-page';
import { DeleteAccountSection } from './delete-account';
import { DeleteAssistantSection } from './delete-assistant';

const api = connectedApi();

describe('DataPage', () => {
  it('saves the periods; a period out of range is said on its field and nothing is saved', async () => {
    const user = userEvent.setup();
    const owner = await api.signedInOwner('school', { name: 'Colegio Datos' });
    renderConnected(<DataPage onNavigate={vi.fn()} />, { client: owner.client });
    const conversations = await screen.findByLabelText('Conversations');
    await user.type(conversations, '10');
    await user.click(screen.getByRole('button', { name: 'Save periods' }));
    expect(
      await screen.findByText(
        'Enter a number of days from 30 to 3650, or leave it empty to keep everything.',
      ),
    ).toBeTruthy();
    const read = async () =>
      (
        await api.server.call<{ data: { conversations_days: number | null } }>(
          `/api/institution/${owner.institution.id}/retention`,
          owner.as,
        )
      ).body.data;
    expect((await read()).conversations_days).toBeNull();

    await user.clear(conversations);
    await user.type(conversations, '365');
    await user.click(screen.getByRole('button', { name: 'Save periods' }));
    expect(await screen.findByText('The periods were saved.')).toBeTruthy();
    expect((await read()).conversations_days).toBe(365);
    expect(screen.getByText(/Next run: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\./)).toBeTruthy();
  });

  it('finds a person, downloads their data and erases it after a confirmation', async () => {
    const user = userEvent.setup();
    const owner = await api.signedInOwner('school');
    const session = await api.server.call<{ data: { token: string; conversation_id: string } }>(
      `/api/public/admissions/${owner.institution.id}/session`,
      { method: 'POST' },
    );
    await api.server.call(`/api/public/conversation/${session.body.data.conversation_id}/contact`, {
      method: 'POST',
      token: session.body.data.token,
      json: { name: 'Ana', email: 'familia@example.com', consent: true },
    });
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    renderConnected(<DataPage onNavigate={vi.fn()} />, { client: owner.client });
    const person = await screen.findByRole('region', { name: "One person's data" });
    await user.type(within(person).getByLabelText('E-mail'), 'familia@example.com');
    await user.click(within(person).getByRole('button', { name: 'Search' }));
    const held = await within(person).findByRole('list', { name: 'What is held' });
    expect(within(held).getByText(/Contacts left in the chat: 1/)).toBeTruthy();

    await user.click(within(person).getByRole('button', { name: 'Download their data' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    const blob = created.mock.calls[0]![0] as Blob;
    expect(await blob.text()).toContain(session.body.data.conversation_id);
    created.mockRestore();

    await user.click(within(person).getByRole('button', { name: 'Erase their data' }));
    const dialog = await screen.findByRole('dialog', { name: "Erase this person's data?" });
    await user.click(within(dialog).getByRole('button', { name: 'Erase' }));
    expect(await screen.findByText('Their data was erased.')).toBeTruthy();
    await waitFor(() => expect(within(person).getByText(/Conversations: 0/)).toBeTruthy());
  });
});

describe('DeleteAssistantSection', () => {
  it('deletes the assistant only once its name is typed', async () => {
    const user = userEvent.setup();
    const owner = await api.signedInOwner('school');
    const onDeleted = vi.fn();
    renderConnected(
      <DeleteAssistantSection
        assistant={{ id: owner.assistant.id, name: 'Admisiones 2026', institutionId: owner.institution.id }}
        onDeleted={onDeleted}
      />,
      { client: owner.client },
    );
    await user.click(screen.getByRole('button', { name: 'Delete assistant' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete assistant' });
    await user.type(within(dialog).getByLabelText('Type Admisiones 2026 to confirm'), 'Admisiones');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Type Admisiones 2026 to confirm'), ' 2026');
    await user.click(confirm);
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    const left = await api.server.call(`/api/institution-product/${owner.assistant.id}`, owner.as);
    expect(left.status).toBe(404);
  });
});

describe('DeleteAccountSection', () => {
  it('names the institution that goes with the account, then deletes both with the password', async () => {
    const user = userEvent.setup();
    const owner = await api.signedInOwner('business', { name: 'Tienda Sola' });
    const onDeleted = vi.fn();
    renderConnected(<DeleteAccountSection onDeleted={onDeleted} />, { client: owner.client });
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(/You are the only member of Tienda Sola/)).toBeTruthy();
    await user.type(screen.getByLabelText('Your password'), 'Wrong-password-9');
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(await screen.findByText('The current password is incorrect.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Your password'));
    await user.type(screen.getByLabelText('Your password'), owner.user.password);
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    const gone = await api.server.call(`/api/institution/${owner.institution.id}`, owner.as);
    expect(gone.status).toBe(401);
  });
});
