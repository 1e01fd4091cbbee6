import { DEFAULT_LIVE_CHAT } from '@conversa/contract/assistant';
import type { ConversationListItem } from '@conversa/contract/conversation';
import * as routes from '@conversa/contract/routes/conversations';
import { updateAssistant } from '@conversa/data/assistants/update-assistant';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { connectedApi, renderConnected } from '../../testing/connected';
import { askAssistant } from '@conversa/data/chat/ask-assistant';
import { DashboardPage } from './dashboard';
import { ANSWERED, seedConversations, UNANSWERED } from '../../testing/conversations';

const api = connectedApi();
/** A loaded machine takes seconds to render the first page (its modules are transformed on first use). */
const slow = { timeout: 10_000 };

/** The card of a figure: its label, then its value. */
const figure = (label: string) =>
  within(screen.getByRole('list', { name: 'Figures' }))
    .getByText(label)
    .closest('li')?.textContent;

/** The table's body rows (the header row left out). */
const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Conversations' }))
    .getAllByRole('row')
    .slice(1);

describe('DashboardPage', () => {
  it('shows the figures, the per-day table, top and unanswered questions; Add as FAQ opens the FAQs with the question', async () => {
    const user = userEvent.setup();
    const owner = await api.signedInOwner('school');
    await seedConversations(api, owner);
    const onNavigate = vi.fn();
    renderConnected(<DashboardPage assistantId={owner.assistant.id} onNavigate={onNavigate} />, {
      client: owner.client,
    });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeTruthy();
    await screen.findByRole('list', { name: 'Figures' }, slow);
    expect(figure('Conversations')).toBe('Conversations2');
    expect(figure('Questions')).toBe('Questions2');
    expect(figure('Contacts')).toBe('Contacts1');
    // The chart's accessible alternative: a table of the days.
    const perDay = screen.getByRole('table', { name: 'Per day' });
    expect(within(perDay).getAllByRole('row').length).toBeGreaterThan(1);

    const top = screen.getByRole('region', { name: 'Top questions' });
    expect(within(top).getByText(ANSWERED)).toBeTruthy();
    const unanswered = screen.getByRole('region', { name: 'Unanswered questions' });
    expect(within(unanswered).getByText(UNANSWERED)).toBeTruthy();
    // Each was asked once: counts read as English does.
    expect(within(top).getByText(ANSWERED).closest('li')?.textContent).toContain('Asked once');
    expect(within(unanswered).getByText(UNANSWERED).closest('li')?.textContent).toContain('Asked once');
    expect(screen.queryByText(/Asked 1 times/)).toBeNull();
    const add = within(unanswered).getByRole('button', { name: 'Add as FAQ' });
    expect(add.getAttribute('aria-describedby')).toBe(within(unanswered).getByText(UNANSWERED).id);
    await user.click(add);
    expect(onNavigate).toHaveBeenCalledWith(
      `/pre-sales/trainer/faqs/${owner.assistant.id}?question=${encodeURIComponent(UNANSWERED)}`,
    );
  });

  it('lists the conversations, filters them by contact and by text (debounced), and opens a transcript', async () => {
    const user = userEvent.setup();
    const owner = await api.signedInOwner('school');
    const seeded = await seedConversations(api, owner);
    const onNavigate = vi.fn();
    renderConnected(<DashboardPage assistantId={owner.assistant.id} onNavigate={onNavigate} />, {
      client: owner.client,
    });
    await waitFor(() => expect(bodyRows()).toHaveLength(2), slow);
    expect(screen.getByText('2 conversations')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Conversations' });
    for (const header of [
      'Last interaction',
      'First question',
      'Messages',
      'Language',
      'Handoff',
      'Contact',
      'Overview',
    ])
      expect(within(table).getByRole('columnheader', { name: header })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Rows per page' }).textContent).toBe('5102050100');

    await user.click(screen.getByRole('checkbox', { name: 'Left a contact' }));
    await waitFor(() => {
      expect(bodyRows()).toHaveLength(1);
      expect(within(bodyRows()[0]!).getByText(UNANSWERED)).toBeTruthy();
    }, slow);
    const row = bodyRows()[0]!;
    expect(within(row).getByText('Lucía · +34612345678')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Left a contact' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(2), slow);

    await user.type(screen.getByRole('searchbox', { name: 'Search in the messages' }), 'robotics');
    await waitFor(
      () => {
        expect(bodyRows()).toHaveLength(1);
        expect(within(bodyRows()[0]!).getByText(UNANSWERED)).toBeTruthy();
      },
      { timeout: 5_000 },
    );
    const sent = api.received(`institution-product/${owner.assistant.id}/conversation`);
    // The search waited for the typing to stop: one request for the whole text, none per letter.
    expect(
      sent.filter((request) => request.search.has('q')).map((request) => request.search.get('q')),
    ).toEqual(['robotics']);

    await user.click(within(bodyRows()[0]!).getByRole('link'));
    expect(onNavigate).toHaveBeenCalledWith(
      `/pre-sales/dashboard/${owner.assistant.id}/conversation/${seeded.unanswered}`,
    );
  });

  it('shows who answers each conversation and filters those that need a person', async () => {
    const user = userEvent.setup();
    const owner = await api.signedInOwner('school');
    const seeded = await seedConversations(api, owner);
    await updateAssistant(owner.client, owner.assistant.id, {
      live_chat: { ...DEFAULT_LIVE_CHAT, enabled: true },
    });
    await seeded.visitors.unanswered.endpoint(routes.requestPerson, {
      params: { id: seeded.unanswered },
      institution: false,
    });
    renderConnected(<DashboardPage assistantId={owner.assistant.id} onNavigate={vi.fn()} />, {
      client: owner.client,
    });
    await waitFor(() => expect(bodyRows()).toHaveLength(2), slow);
    const table = screen.getByRole('table', { name: 'Conversations' });
    expect(within(table).getByRole('columnheader', { name: 'Answered by' })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Needs a person' }));
    await waitFor(() => {
      expect(bodyRows()).toHaveLength(1);
      expect(within(bodyRows()[0]!).getByText(UNANSWERED)).toBeTruthy();
    }, slow);
    expect(within(bodyRows()[0]!).getByText('Needs a person')).toBeTruthy();
    const sent = api.received(`institution-product/${owner.assistant.id}/conversation`).at(-1)!;
    expect(sent.search.get('status')).toBe('waiting');
  });

  it('reads the counts as Spanish does', async () => {
    const owner = await api.signedInOwner('school');
    await seedConversations(api, owner);
    renderConnected(<DashboardPage assistantId={owner.assistant.id} onNavigate={vi.fn()} />, {
      client: owner.client,
      locale: 'es',
    });
    const top = await screen.findByRole('region', { name: 'Preguntas más frecuentes' }, slow);
    expect((await within(top).findByText(ANSWERED, {}, slow)).closest('li')?.textContent).toContain(
      'Preguntada una vez',
    );
  });

  it("lists a conversation in the language the visitor wrote in, not the browser's", async () => {
    const owner = await api.signedInOwner('school');
    const { external_id } = await owner.detail();
    // An English browser (jsdom's), a question in Spanish.
    await askAssistant(api.client(), external_id, '¿Tienen club de robótica?', () => {});
    renderConnected(<DashboardPage assistantId={owner.assistant.id} onNavigate={vi.fn()} />, {
      client: owner.client,
    });
    const table = await screen.findByRole('table', { name: 'Conversations' }, slow);
    const row = (await within(table).findByText('¿Tienen club de robótica?', {}, slow)).closest('tr')!;
    expect(within(row).getByText('Spanish')).toBeTruthy();
    expect(within(row).queryByText('English')).toBeNull();
  });

  it("deletes the selected conversations after a confirmation: 'Delete successfully.'", async () => {
    const user = userEvent.setup();
    const owner = await api.signedInOwner('school');
    const seeded = await seedConversations(api, owner);
    renderConnected(<DashboardPage assistantId={owner.assistant.id} onNavigate={vi.fn()} />, {
      client: owner.client,
    });
    await waitFor(() => expect(bodyRows()).toHaveLength(2), slow);
    const remove = screen.getByRole('button', { name: 'Delete selected' });
    expect(remove.hasAttribute('disabled')).toBe(true);
    const unansweredRow = bodyRows().find((row) => within(row).queryByText(UNANSWERED))!;
    await user.click(within(unansweredRow).getByRole('checkbox'));
    expect(screen.getByText('1 conversation selected')).toBeTruthy();

    // Cancelling keeps everything.
    await user.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Delete 1 conversation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyRows()).toHaveLength(2);

    await user.click(remove);
    const again = await screen.findByRole('dialog', { name: 'Delete 1 conversation?' });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete successfully.', {}, slow)).toBeTruthy();
    await waitFor(() => expect(bodyRows()).toHaveLength(1), slow);
    const listed = await api.server.call<{ data: ConversationListItem[] }>(
      `/api/institution-product/${owner.assistant.id}/conversation`,
      owner.as,
    );
    expect(listed.body.data.map((item) => item.id)).toEqual([seeded.answered]);
  });

  it('downloads the filtered list as a CSV file', async () => {
    const user = userEvent.setup();
    const owner = await api.signedInOwner('school');
    await seedConversations(api, owner);
    const saved: { name: string; text: string }[] = [];
    // jsdom neither makes object URLs nor downloads: the link's click is where the browser would save.
    const blobs = new Map<string, Blob>();
    URL.createObjectURL = (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    };
    URL.revokeObjectURL = () => {};
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      void blobs
        .get(this.href)
        ?.text()
        .then((text) => saved.push({ name: this.download, text }));
    });
    try {
      renderConnected(<DashboardPage assistantId={owner.assistant.id} onNavigate={vi.fn()} />, {
        client: owner.client,
      });
      await waitFor(() => expect(bodyRows()).toHaveLength(2), slow);
      await user.click(screen.getByRole('checkbox', { name: 'A person was offered' }));
      await waitFor(() => expect(bodyRows()).toHaveLength(1), slow);
      await user.click(screen.getByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(saved).toHaveLength(1), slow);
      expect(saved[0]!.name).toMatch(/\.csv$/);
      expect(saved[0]!.text).toContain(UNANSWERED);
      expect(saved[0]!.text).not.toContain(ANSWERED);
      const download = api
        .received(`institution-product/${owner.assistant.id}/conversation/download`)
        .at(-1)!;
      expect(download.search.get('handoff')).toBe('true');
    } finally {
      click.mockRestore();
    }
  });

  it("says 'Not found' for another institution's assistant", async () => {
    const theirs = await api.signedInOwner('school');
    const owner = await api.signedInOwner('school');
    renderConnected(<DashboardPage assistantId={theirs.assistant.id} onNavigate={vi.fn()} />, {
      client: owner.client,
    });
    expect(
      await screen.findByText('This assistant does not exist or belongs to another institution.', {}, slow),
    ).toBeTruthy();
  });
});
