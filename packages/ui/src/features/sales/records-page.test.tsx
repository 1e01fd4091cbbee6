import type { Lead, Order } from '@conversa/contract/records';
import { act, screen, waitFor, within } from '@testing-library/react';
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
    expect(screen.queryByRole('button', { name: 'Nuevo cliente potencial' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Importar CSV' })).toBeNull();
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

  it('creates a lead and an order from their lists, the staff member as seller', async () => {
    const user = userEvent.setup();
    const { shop, assistantId } = await salesOwner();
    const view = renderConnected(<RecordsPage assistantId={assistantId} kind="lead" onNavigate={vi.fn()} />, {
      client: shop.client,
    });
    const table = await screen.findByRole('table', { name: 'Leads' });
    await within(table).findByText('Bodegas Sol');
    await user.click(screen.getByRole('button', { name: 'New lead' }));
    const dialog = await screen.findByRole('dialog', { name: 'New lead' });
    await user.click(await within(dialog).findByRole('button', { name: 'Create lead' }));
    // Nothing sent: the required fields say so.
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(2);
    await user.type(within(dialog).getByRole('textbox', { name: /^Company/ }), 'Café Luna');
    await user.type(within(dialog).getByRole('textbox', { name: /^Contact/ }), 'Eva Sol');
    await user.type(within(dialog).getByRole('textbox', { name: /^Budget/ }), '800');
    await user.click(within(dialog).getByRole('button', { name: 'Create lead' }));
    expect(await screen.findByText('Lead was successfully created.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = (await within(table).findByText('Café Luna')).closest('tr')!;
    expect(within(row).getByText('800')).toBeTruthy();
    expect(within(row).getByText('Test User')).toBeTruthy();
    expect(screen.getByText('4 leads')).toBeTruthy();
    view.unmount();

    renderConnected(<RecordsPage assistantId={assistantId} kind="order" onNavigate={vi.fn()} />, {
      client: shop.client,
      locale: 'es',
    });
    await user.click(await screen.findByRole('button', { name: 'Nuevo pedido' }));
    const form = await screen.findByRole('dialog', { name: 'Nuevo pedido' });
    await user.type(await within(form).findByRole('textbox', { name: /^Empresa/ }), 'Bodegas Sol');
    await user.type(within(form).getByRole('textbox', { name: /^Código de producto/ }), 'B-1');
    await user.type(within(form).getByRole('textbox', { name: /^Cantidad/ }), '12');
    await user.click(within(form).getByRole('button', { name: 'Crear pedido' }));
    expect(await screen.findByText('Pedido creado correctamente.')).toBeTruthy();
    const orders = await screen.findByRole('table', { name: 'Pedidos' });
    expect(await within(orders).findByText('Bodegas Sol')).toBeTruthy();
    const stored = await api.server.call<{ data: Order[] }>(
      `/api/order?institution_product_id=${assistantId}`,
      shop.as,
    );
    expect(stored.body.data).toMatchObject([
      { company: 'Bodegas Sol', lines: [{ product_code: 'B-1', quantity: 12 }], seller_number: null },
    ]);
  });

  it('imports leads from a CSV: a dry run names each refused row by its line, then the good ones are imported', async () => {
    const user = userEvent.setup();
    const { shop, assistantId } = await salesOwner();
    renderConnected(<RecordsPage assistantId={assistantId} kind="lead" onNavigate={vi.fn()} />, {
      client: shop.client,
    });
    const table = await screen.findByRole('table', { name: 'Leads' });
    await within(table).findByText('Bodegas Sol');
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import leads' });
    const input = within(dialog).getByTestId('file-input');
    const importButton = () => within(dialog).getByRole('button', { name: /^Import/ }) as HTMLButtonElement;
    expect(importButton().disabled).toBe(true);

    // Refused whole: too large (before sending), not text, then a column no lead has.
    const big = new File(['Company'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(input, big);
    expect(within(dialog).getByRole('alert').textContent).toBe('The file big.csv exceeds the 10 MB limit.');
    await user.upload(input, new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0])], 'leads.csv'));
    expect(await within(dialog).findByText('Only CSV files are allowed.')).toBeTruthy();
    await user.upload(
      input,
      new File(['Company,Colour\nCafé Luna,red\n'], 'leads.csv', { type: 'text/csv' }),
    );
    expect(await within(dialog).findByText('Unknown columns: Colour.')).toBeTruthy();
    expect(importButton().disabled).toBe(true);

    // The download's Spanish headers, the configured field by its Spanish label.
    const csv = [
      'Empresa,Contacto,Presupuesto',
      'Café Luna,Eva Sol,1500',
      ',Sin Empresa,',
      'Taller Río,Raúl Gil,mucho',
      'Papelería Sur,Inés Mar,',
    ].join('\n');
    await user.upload(input, new File([csv], 'clientes.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText(/^2 leads are ready to import\. 2 rows are refused/)).toBeTruthy();
    const refused = within(dialog).getByRole('table', { name: 'Refused rows' });
    const rows = within(refused).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '3Company: This field is required.',
      '4Budget: Write a number, for example 12 or 3.5.',
    ]);
    // A dry run writes nothing.
    expect(screen.getByText('3 leads')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Import 2 leads' }));
    expect(await screen.findByText('2 leads imported.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(table).findByText('Papelería Sur')).toBeTruthy();
    expect(screen.getByText('5 leads')).toBeTruthy();
    expect(await stored(shop, assistantId)).toEqual([
      'Bodegas Sol',
      'Café Luna',
      'Hotel Las Dunas',
      'Papelería Sur',
      'Zapatería Norte',
    ]);
  });
});
