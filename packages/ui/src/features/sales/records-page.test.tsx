import type { Lead } from '@conversa/contract/records';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { connectedApi, renderConnected, type SignedInOwner } from '../../testing/connected';
import { RecordsPage } from './records-page';
import { salesOwner as createSalesOwner } from '../../testing/sales';

const api = connectedApi();

/** A business owner with a sales-support assistant, a configured lead field and three leads. */
async function salesOwner() {
  const { shop, assistantId } = await createSalesOwner(api, [
    { key: 'budget', labels: { en: 'Budget', es: 'Presupuesto' }, type: 'number', required: false },
  ]);
  for (const [company, contact, budget] of [
    ['Hotel Las Dunas', 'Marta Gil', 12500],
    ['Bodegas Sol', 'Luis Sol', null],
    ['Zapatería Norte', 'Ana Ruiz', 300],
  ] as const) {
    await api.server.call('/api/lead', {
      method: 'POST',
      ...shop.as,
      json: { institution_product_id: assistantId, company, contact_name: contact, fields: { budget } },
    });
  }
  return { shop, assistantId };
}

const stored = async (shop: SignedInOwner, assistantId: number) =>
  (
    await api.server.call<{ data: Lead[] }>(
      `/api/lead?institution_product_id=${assistantId}&sort=company`,
      shop.as,
    )
  ).body.data.map((lead) => lead.company);

describe('RecordsPage', () => {
  it('lists the leads with the configured fields, searches, sorts, and deletes the selected ones', async () => {
    const user = userEvent.setup();
    const { shop, assistantId } = await salesOwner();
    renderConnected(<RecordsPage assistantId={assistantId} kind="lead" onNavigate={vi.fn()} />, {
      client: shop.client,
    });
    const table = await screen.findByRole('table', { name: 'Leads' });
    await within(table).findByText('Hotel Las Dunas');
    expect(within(table).getByRole('columnheader', { name: 'Budget' })).toBeTruthy();
    expect(within(table).getByText('12,500')).toBeTruthy();
    expect(screen.getByText('3 leads')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText(/^Sort by/), 'company');
    await expect
      .poll(() =>
        within(table)
          .getAllByRole('row')
          .slice(1)
          .map((row) => row.textContent),
      )
      .toEqual([
        expect.stringContaining('Bodegas Sol'),
        expect.stringContaining('Hotel Las Dunas'),
        expect.stringContaining('Zapatería Norte'),
      ]);

    await user.type(screen.getByRole('searchbox', { name: /^Search the leads/ }), 'ruiz');
    await expect.poll(() => screen.queryByText('1 lead')).toBeTruthy();
    expect(within(table).getByText('Zapatería Norte')).toBeTruthy();
    await user.clear(screen.getByRole('searchbox', { name: /^Search the leads/ }));
    await user.type(screen.getByRole('searchbox', { name: /^Search the leads/ }), 'nobody');
    expect(await within(table).findByText('No results found')).toBeTruthy();
    await user.clear(screen.getByRole('searchbox', { name: /^Search the leads/ }));
    await within(table).findByText('Bodegas Sol');

    await user.click(within(table).getByRole('checkbox', { name: /^Select Bodegas Sol/ }));
    await user.click(within(table).getByRole('checkbox', { name: /^Select Hotel Las Dunas/ }));
    expect(screen.getByText('2 leads selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 leads?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete successfully.')).toBeTruthy();
    expect(await stored(shop, assistantId)).toEqual(['Zapatería Norte']);
  });

  it('lets a member who may only read see the list, without selection or delete, in Spanish', async () => {
    const { shop, assistantId } = await salesOwner();
    act(() => shop.client.session.update({ roles: ['admissions'] }));
    renderConnected(<RecordsPage assistantId={assistantId} kind="lead" onNavigate={vi.fn()} />, {
      client: shop.client,
      locale: 'es',
    });
    const table = await screen.findByRole('table', { name: 'Clientes potenciales' });
    await within(table).findByText('Bodegas Sol');
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar seleccionados' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Descargar CSV' })).toBeTruthy();
  });

  it('says why there is nothing: a role without orders, an assistant that is not sales support', async () => {
    const { shop, assistantId } = await salesOwner();
    const view = renderConnected(
      <RecordsPage assistantId={shop.assistant.id} kind="order" onNavigate={vi.fn()} />,
      {
        client: shop.client,
      },
    );
    expect(await screen.findByText('Not found')).toBeTruthy();
    view.unmount();
    act(() => shop.client.session.update({ roles: ['lead_entry_agent'] }));
    renderConnected(<RecordsPage assistantId={assistantId} kind="order" onNavigate={vi.fn()} />, {
      client: shop.client,
    });
    expect(await screen.findByText('You cannot see the orders.')).toBeTruthy();
  });
});
