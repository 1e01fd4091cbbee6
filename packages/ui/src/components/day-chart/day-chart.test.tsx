import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../testing/render';
import { DayChart } from './day-chart';

const days = [
  { date: '2025-03-01', conversations: 3, questions: 7, handed_off: 1 },
  { date: '2025-03-02', conversations: 0, questions: 0, handed_off: 0 },
];

describe('DayChart', () => {
  it('gives screen readers the figures as a table and hides the drawing from them', () => {
    renderUi(<DayChart title="Per day" days={days} />);
    const figure = screen.getByRole('figure', { name: 'Per day' });
    const table = within(figure).getByRole('table', { name: 'Per day' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DayConversationsQuestionsHanded off',
      '01/03/2025371',
      '02/03/2025000',
    ]);
    expect(figure.querySelector('[aria-hidden="true"] > *')).toBeTruthy();
  });

  it('draws and tabulates the series it is given', () => {
    renderUi(
      <DayChart
        title="Leads per day"
        days={[{ date: '2025-03-01', records: 12 }]}
        series={[{ key: 'records', label: 'Leads' }]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Leads per day' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DayLeads', '01/03/202512']);
  });

  it("says 'No results found' without days, in Spanish too", () => {
    renderUi(<DayChart title="Por día" days={[]} />, { locale: 'es' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('figure', { name: 'Por día' }).textContent).toContain(
      'No se encontraron resultados',
    );
  });

  it('writes each day as DD/MM/YYYY in Spanish too', () => {
    renderUi(<DayChart title="Por día" days={days} />, { locale: 'es' });
    const rows = within(screen.getByRole('table', { name: 'Por día' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      '01/03/2025',
      '02/03/2025',
    ]);
  });
});
