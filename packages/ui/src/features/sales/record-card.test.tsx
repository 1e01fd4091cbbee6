import type { LeadDetail, Order } from '@conversa/contract/records';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { connectedApi, renderConnected } from '../../testing/connected';
import { RecordCard } from './record-card';
import { salesOwner as createSalesOwner } from '../../testing/sales';

const api = connectedApi();

const salesOwner = () =>
  createSalesOwner(api, [
    { key: 'visit', labels: { en: 'Visit', es: 'Visita' }, type: 'date', required: false },
  ]);

describe('RecordCard', () => {
  it("shows a lead's fields, saves its notes, and lists the change in its history", async () => {
    const user = userEvent.setup();
    const { shop, assistantId } = await salesOwner();
    const lead = await api.server.call<{ data: { id: number } }>('/api/lead', {
      method: 'POST',
      ...shop.as,
      json: {
        institution_product_id: assistantId,
        company: 'Hotel Las Dunas',
        contact_name: 'Marta Gil',
        phone: '+34 655 11 22 33',
        fields: { visit: '2026-12-01' },
      },
    });
    const id = lead.body.data.id;
    renderConnected(<RecordCard assistantId={assistantId} kind="lead" recordId={id} onNavigate={vi.fn()} />, {
      client: shop.client,
    });
    expect(await screen.findByRole('heading', { name: 'Lead: Hotel Las Dunas', level: 1 })).toBeTruthy();
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByText('+34655112233')).toBeTruthy();
    expect(await within(details).findByText('Dec 1, 2026')).toBeTruthy();
    expect(screen.getByText('Entered in the console: there is no WhatsApp conversation.')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Call back on Monday.');
    await user.click(screen.getByRole('button', { name: 'Save notes' }));
    expect(await screen.findByText('Update successfully.')).toBeTruthy();
    const stored = await api.server.call<{ data: LeadDetail }>(`/api/lead/${id}`, shop.as);
    expect(stored.body.data.notes).toBe('Call back on Monday.');
    const history = screen.getByRole('table', { name: 'History' });
    expect(await within(history).findByText('notes')).toBeTruthy();
  });

  it("shows an order's lines, read only for a member who may not write, and Not found for another's", async () => {
    const { shop, assistantId } = await salesOwner();
    const order = await api.server.call<{ data: Order }>('/api/order', {
      method: 'POST',
      ...shop.as,
      json: {
        institution_product_id: assistantId,
        company: 'Bodegas Sol',
        lines: [{ product_code: 'B-1', product_description: 'Barrel', quantity: 2 }],
      },
    });
    act(() => shop.client.session.update({ roles: ['admissions'] }));
    const view = renderConnected(
      <RecordCard
        assistantId={assistantId}
        kind="order"
        recordId={order.body.data.id}
        onNavigate={vi.fn()}
      />,
      { client: shop.client, locale: 'es' },
    );
    const lines = await screen.findByRole('table', { name: 'Líneas' });
    expect(within(lines).getByText('Barrel')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Notas' }) as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Guardar notas' })).toBeNull();
    view.unmount();
    const other = await api.signedInOwner('business');
    renderConnected(
      <RecordCard
        assistantId={assistantId}
        kind="order"
        recordId={order.body.data.id}
        onNavigate={vi.fn()}
      />,
      { client: other.client },
    );
    expect(await screen.findByText('Not found')).toBeTruthy();
  });
});
