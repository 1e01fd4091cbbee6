import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../testing/render';
import { DayChart, formatDay } from './day-chart';

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
      `${formatDay('2025-03-01', 'en')}371`,
      `${formatDay('2025-03-02', 'en')}000`,
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
    ).toEqual(['DayLeads', `${formatDay('2025-03-01', 'en')}12`]);
  });

  it("says 'No results found' without days, in Spanish too", () => {
    renderUi(<DayChart title="Por día" days={[]} />, { locale: 'es' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('figure', { name: 'Por día' }).textContent).toContain(
      'No se encontraron resultados',
    );
  });

  it('shows a day as the day itself in the locale, whatever the time zone', () => {
    expect(formatDay('2025-03-01', 'en')).toBe('Mar 1, 2025');
    expect(formatDay('2025-03-01', 'es')).toBe('1 mar 2025');
  });
});
