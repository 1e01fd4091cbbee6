import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../testing/render';
import { FigureCards } from './figure-cards';

describe('FigureCards', () => {
  it('reads each figure as its label then its value, in the locale’s number format', () => {
    renderUi(
      <FigureCards
        label="Cifras"
        figures={[
          { key: 'c', label: 'Conversaciones', value: 1234 },
          { key: 'm', label: 'Mediana', value: 4.5 },
        ]}
      />,
      { locale: 'es' },
    );
    const items = within(screen.getByRole('list', { name: 'Cifras' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Conversaciones1234', 'Mediana4,5']);
  });
});
