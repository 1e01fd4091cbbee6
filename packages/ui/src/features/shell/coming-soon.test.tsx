import { describe, expect, it } from 'vitest';
import { renderUi } from '../../testing/render';
import { ComingSoonPage } from './coming-soon';

describe('ComingSoonPage', () => {
  it('shows the title as the heading and says the page is coming', () => {
    const view = renderUi(<ComingSoonPage title="Leads" />);
    expect(view.getByRole('heading', { level: 1, name: 'Leads' })).toBeTruthy();
    expect(view.getByText('This page is coming soon.')).toBeTruthy();
  });

  it('speaks Spanish', () => {
    const view = renderUi(<ComingSoonPage title="Pedidos" />, { locale: 'es' });
    expect(view.getByText('Esta página estará disponible pronto.')).toBeTruthy();
  });
});
