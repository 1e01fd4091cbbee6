import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../testing/render';
import { BarList } from './bar-list';

describe('BarList', () => {
  it('reads each item as its name, figure and detail; the bars measure against the largest', () => {
    renderUi(
      <BarList
        label="Sellers"
        bars={[
          { key: 'a', label: 'Tomás Vidal', value: 1200, detail: '3 orders' },
          { key: 'b', label: 'Rosa Rivera', value: 300 },
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Sellers' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Tomás Vidal1,200 · 3 orders', 'Rosa Rivera300']);
    const widths = items.map(
      (item) => (item.querySelector('[aria-hidden="true"] > span') as HTMLElement).style.width,
    );
    expect(widths).toEqual(['100%', '25%']);
  });

  it("says 'No results found' without items, in Spanish too, and numbers as Spanish readers write them", () => {
    const { unmount } = renderUi(<BarList label="Vendedores" bars={[]} />, { locale: 'es' });
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByText('No se encontraron resultados')).toBeTruthy();
    unmount();
    renderUi(<BarList label="Vendedores" bars={[{ key: 'a', label: 'Ana', value: 12500.5 }]} />, {
      locale: 'es',
    });
    expect(screen.getByRole('listitem').textContent).toBe('Ana12.500,5');
  });
});
