import type { LeadDetail, Order, OrderDetail } from '@conversa/contract/records';
import { act, screen, waitFor, within } from '@testing-library/react';
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
    expect(await within(details).findByText('01/12/2026')).toBeTruthy();
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
    expect(screen.queryByRole('button', { name: 'Editar pedido' })).toBeNull();
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

describe('RecordCard editing', () => {
  it('edits a lead: a required field left empty and a number the server refuses said on their fields, then saved with its history', async () => {
    const user = userEvent.setup();
    const { shop, assistantId } = await createSalesOwner(api, [
      { key: 'budget', labels: { en: 'Budget', es: 'Presupuesto' }, type: 'number', required: true },
      { key: 'visit', labels: { en: 'Visit', es: 'Visita' }, type: 'date', required: false },
    ]);
    const lead = await api.server.call<{ data: { id: number } }>('/api/lead', {
      method: 'POST',
      ...shop.as,
      json: {
        institution_product_id: assistantId,
        company: 'Hotel Las Dunas',
        contact_name: 'Marta Gil',
        fields: { budget: 1000, visit: '2026-12-01' },
      },
    });
    const id = lead.body.data.id;
    renderConnected(<RecordCard assistantId={assistantId} kind="lead" recordId={id} onNavigate={vi.fn()} />, {
      client: shop.client,
    });
    const editButton = await screen.findByRole('button', { name: 'Edit lead' });
    // Disabled until the configured fields have loaded (the form needs them): a click before does nothing.
    await waitFor(() => expect(editButton).toHaveProperty('disabled', false));
    await user.click(editButton);
    const edit = screen.getByRole('region', { name: 'Edit lead' });
    const company = within(edit).getByRole('textbox', { name: /^Company/ });
    expect(document.activeElement).toBe(company);
    await user.clear(company);
    await user.type(company, 'Hotel Las Dunas Sur');
    await user.type(within(edit).getByRole('textbox', { name: /^Email/ }), 'marta@dunas.example');
    const budget = within(edit).getByRole('textbox', { name: /^Budget/ });
    expect((budget as HTMLInputElement).value).toBe('1000');
    await user.clear(budget);
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    expect(await within(edit).findByText('This field is required.')).toBeTruthy();
    expect(budget.getAttribute('aria-invalid')).toBe('true');

    await user.type(budget, 'mucho');
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    // Not a number: the server's refusal, under the field.
    expect(await within(edit).findByText('Write a number, for example 12 or 3.5.')).toBeTruthy();
    expect(budget.getAttribute('aria-describedby')).toContain('error');

    await user.clear(budget);
    await user.type(budget, '2500,5');
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Update successfully.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Lead: Hotel Las Dunas Sur', level: 1 })).toBeTruthy();
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByText('2,500.5')).toBeTruthy();
    expect(within(details).getByText('marta@dunas.example')).toBeTruthy();
    expect(within(details).getByText('01/12/2026')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit lead' })),
    );
    const history = screen.getByRole('table', { name: 'History' });
    // The fields changed, in the history's own order.
    expect(
      await within(history).findByText((text) => text.split(', ').sort().join() === 'budget,company,email'),
    ).toBeTruthy();
    const stored = await api.server.call<{ data: LeadDetail }>(`/api/lead/${id}`, shop.as);
    expect(stored.body.data).toMatchObject({
      company: 'Hotel Las Dunas Sur',
      email: 'marta@dunas.example',
      fields: { budget: 2500.5, visit: '2026-12-01' },
    });
  });

  it("edits an order's lines: one removed, one added, a quantity that is not one refused", async () => {
    const user = userEvent.setup();
    const { shop, assistantId } = await salesOwner();
    const order = await api.server.call<{ data: Order }>('/api/order', {
      method: 'POST',
      ...shop.as,
      json: {
        institution_product_id: assistantId,
        company: 'Bodegas Sol',
        lines: [
          { product_code: 'B-1', product_description: 'Barrel', quantity: 2 },
          { product_code: 'C-2', product_description: 'Cork', quantity: 100 },
        ],
      },
    });
    const id = order.body.data.id;
    renderConnected(
      <RecordCard assistantId={assistantId} kind="order" recordId={id} onNavigate={vi.fn()} />,
      {
        client: shop.client,
        locale: 'es',
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Editar pedido' }));
    const edit = screen.getByRole('region', { name: 'Editar pedido' });
    await user.click(within(edit).getByRole('button', { name: 'Quitar la línea 1' }));
    expect(within(edit).queryByRole('group', { name: 'Línea 2' })).toBeNull();
    const first = within(edit).getByRole('group', { name: 'Línea 1' });
    expect(
      (within(first).getByRole('textbox', { name: /^Código de producto/ }) as HTMLInputElement).value,
    ).toBe('C-2');
    // The only line left cannot go.
    expect(
      (within(first).getByRole('button', { name: 'Quitar la línea 1' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(within(edit).getByRole('button', { name: 'Añadir línea' }));
    const second = within(edit).getByRole('group', { name: 'Línea 2' });
    await user.type(within(second).getByRole('textbox', { name: /^Código de producto/ }), 'T-9');
    await user.type(within(second).getByRole('textbox', { name: /^Cantidad/ }), '0');
    await user.click(within(edit).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(second).findByText('Escribe un número, por ejemplo 12 o 3,5.')).toBeTruthy();
    await user.clear(within(second).getByRole('textbox', { name: /^Cantidad/ }));
    await user.type(within(second).getByRole('textbox', { name: /^Cantidad/ }), '4');
    await user.click(within(edit).getByRole('button', { name: 'Guardar cambios' }));
    const lines = await screen.findByRole('table', { name: 'Líneas' });
    expect(within(lines).getByText('T-9')).toBeTruthy();
    expect(within(lines).queryByText('B-1')).toBeNull();
    const stored = await api.server.call<{ data: OrderDetail }>(`/api/order/${id}/detail`, shop.as);
    expect(stored.body.data.lines).toEqual([
      { product_code: 'C-2', product_description: 'Cork', quantity: 100 },
      { product_code: 'T-9', product_description: null, quantity: 4 },
    ]);
    const history = screen.getByRole('table', { name: 'Historial' });
    expect(await within(history).findByText('lines')).toBeTruthy();
  });
});
