import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { connectedApi, renderConnected } from '../../testing/connected';
import { salesOwner } from '../../testing/sales';
import { HandoffPage } from './handoff';

const api = connectedApi();

describe('Handoff › Live chat', () => {
  it('turns live chat on with office hours and waits; the server refuses hours that end before they start', async () => {
    const user = userEvent.setup();
    const school = await api.signedInOwner('school');
    renderConnected(<HandoffPage assistantId={school.assistant.id} onNavigate={vi.fn()} />, {
      client: school.client,
    });
    const card = await screen.findByRole('region', { name: 'Live chat' });
    await user.click(within(card).getByRole('checkbox', { name: 'Let visitors chat with a person' }));
    await user.selectOptions(within(card).getByLabelText('Time zone'), 'Europe/Madrid');
    const wait = within(card).getByLabelText('Minutes a visitor waits for a person');
    await user.clear(wait);
    await user.type(wait, '8');
    await user.click(within(card).getByRole('button', { name: 'Add office hours' }));
    const span = within(card).getByRole('group', { name: 'Office hours 1' });
    await user.selectOptions(within(span).getByLabelText('Day'), 'Tuesday');
    const from = within(span).getByLabelText('From');
    await user.clear(from);
    await user.type(from, '18:00');
    const to = within(span).getByLabelText('To');
    await user.clear(to);
    await user.type(to, '09:00');
    await user.click(within(card).getByRole('button', { name: 'Save live chat' }));
    // Refused: the message under the span, nothing saved.
    expect(await within(span).findByText('End date cannot be earlier than start date')).toBeTruthy();
    expect((await school.detail()).live_chat.enabled).toBe(false);

    await user.clear(to);
    await user.type(to, '19:30');
    await user.click(within(card).getByRole('button', { name: 'Save live chat' }));
    expect(await screen.findByText('Update successfully.')).toBeTruthy();
    await waitFor(async () =>
      expect((await school.detail()).live_chat).toEqual({
        enabled: true,
        time_zone: 'Europe/Madrid',
        hours: [{ day: 2, from: '18:00', to: '19:30' }],
        wait_minutes: 8,
        notify_after_minutes: 3,
      }),
    );
  });

  it('is not offered for sales support, which has no public chat', async () => {
    const { shop, assistantId } = await salesOwner(api);
    renderConnected(<HandoffPage assistantId={assistantId} onNavigate={vi.fn()} />, { client: shop.client });
    await screen.findByLabelText('Contact name');
    expect(screen.queryByRole('region', { name: 'Live chat' })).toBeNull();
  });
});
