import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatDay } from '@conversa/contract/date-format';
import { consolePaths } from '../../components/sidebar/paths';
import { connectedApi, renderConnected } from '../../testing/connected';
import { salesOwner } from '../../testing/sales';
import { RecordsDashboardPage } from './records-dashboard';
import { RecordsPage } from './records-page';

const api = connectedApi();

/** Today in the browser's time zone: the day the records just entered belong to. */
const today = () => new Intl.DateTimeFormat('sv-SE').format(new Date());

/** A sales-support assistant with three orders of two companies (entered now, by its owner). */
async function withOrders() {
  const { shop, assistantId } = await salesOwner(api);
  for (const [company, lines] of [
    ['Hotel Las Dunas', [{ product_code: 'S-20', product_description: 'Oak chair', quantity: 40 }]],
    [
      'Hotel Las Dunas',
      [
        { product_code: 'S-20', product_description: 'Oak chair', quantity: 10 },
        { product_code: 'T-1', quantity: 2.5 },
      ],
    ],
    ['Bodegas Sol', [{ product_code: 'L-3', product_description: 'Lamp', quantity: 6 }]],
  ] as const) {
    await api.server.call('/api/order', {
      method: 'POST',
      ...shop.as,
      json: { institution_product_id: assistantId, company, lines },
    });
  }
  return { shop, assistantId };
}

describe('RecordsDashboardPage', () => {
  it("shows the orders' figures, per day, the sellers, companies and products; links back to the list", async () => {
    const onNavigate = vi.fn();
    const user = userEvent.setup();
    const { shop, assistantId } = await withOrders();
    renderConnected(
      <RecordsDashboardPage
        assistantId={assistantId}
        kind="order"
        onNavigate={onNavigate}
        initialRange={{ start: today(), end: today() }}
      />,
      { client: shop.client },
    );
    expect(screen.getByRole('heading', { name: 'Orders dashboard', level: 1 })).toBeTruthy();
    const figures = await screen.findByRole('list', { name: 'Figures' });
    expect(
      within(figures)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Orders3', 'Lines4', 'Total quantity58.5', 'Average per day3']);
    const perDay = screen.getByRole('table', { name: 'Per day' });
    expect(
      within(perDay)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DayOrders', `${formatDay(today())}3`]);
    const companies = screen.getByRole('list', { name: 'Companies' });
    expect(
      within(companies)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Hotel Las Dunas2', 'Bodegas Sol1']);
    const sellers = screen.getByRole('list', { name: 'Sellers' });
    expect(within(sellers).getByRole('listitem').textContent).toMatch(/3 · quantity 58\.5$/);
    const products = screen.getByRole('list', { name: 'Top products' });
    expect(
      within(products)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['S-20 · Oak chair50 · in 2 orders', 'L-3 · Lamp6 · in 1 order', 'T-12.5 · in 1 order']);

    await user.click(screen.getByRole('link', { name: 'Back to the orders' }));
    expect(onNavigate).toHaveBeenCalledWith(consolePaths.salesSupportOrders(assistantId));
  });

  it('says when a range has no leads, in Spanish; the leads list links to its dashboard', async () => {
    const onNavigate = vi.fn();
    const user = userEvent.setup();
    const { shop, assistantId } = await salesOwner(api);
    const list = renderConnected(
      <RecordsPage assistantId={assistantId} kind="lead" onNavigate={onNavigate} />,
      {
        client: shop.client,
      },
    );
    await user.click(await screen.findByRole('link', { name: 'Dashboard' }));
    expect(onNavigate).toHaveBeenCalledWith(consolePaths.salesSupportLeadsDashboard(assistantId));
    list.unmount();

    renderConnected(
      <RecordsDashboardPage
        assistantId={assistantId}
        kind="lead"
        onNavigate={vi.fn()}
        initialRange={{ start: '2025-01-01', end: '2025-01-31' }}
      />,
      { client: shop.client, locale: 'es' },
    );
    expect(await screen.findByText('No hay clientes potenciales entre estas fechas.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Panel de clientes potenciales', level: 1 })).toBeTruthy();
  });

  it('says why there is nothing: a role without orders, an assistant that is not sales support', async () => {
    const { shop, assistantId } = await salesOwner(api);
    const view = renderConnected(
      <RecordsDashboardPage assistantId={shop.assistant.id} kind="order" onNavigate={vi.fn()} />,
      { client: shop.client },
    );
    expect(await screen.findByText('Not found')).toBeTruthy();
    view.unmount();
    act(() => shop.client.session.update({ roles: ['lead_entry_agent'] }));
    renderConnected(<RecordsDashboardPage assistantId={assistantId} kind="order" onNavigate={vi.fn()} />, {
      client: shop.client,
    });
    expect(await screen.findByText('You cannot see the orders.')).toBeTruthy();
  });
});
