import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render';
import { checkDateRange, DateRange, type DateRangeValue } from './date-range';
import { formatIsoDate, isoFromText } from './date-text';

function Controlled({
  onRange,
  initial = { start: '', end: '' },
}: {
  onRange?: (value: DateRangeValue) => void;
  initial?: DateRangeValue;
}) {
  const [value, setValue] = useState<DateRangeValue>(initial);
  return (
    <DateRange
      label="Date"
      value={value}
      onChange={(next) => {
        setValue(next);
        onRange?.(next);
      }}
    />
  );
}

/** Types a date into a field as a person would (the field emptied first), then leaves it. */
async function typeDate(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (text) await user.type(input, text);
  await user.tab();
}

describe('date texts', () => {
  it('reads DD/MM/YYYY (one or two digits for day and month) and nothing else', () => {
    expect(isoFromText('01/03/2024')).toBe('2024-03-01');
    expect(isoFromText(' 1/3/2024 ')).toBe('2024-03-01');
    expect(isoFromText('29/02/2024')).toBe('2024-02-29');
    expect(isoFromText('')).toBe('');
    for (const text of ['29/02/2023', '31/04/2024', '2024-03-01', '03/01/24', '1/3/2024x', '00/01/2024', 'a'])
      expect(isoFromText(text), text).toBeNull();
    expect(formatIsoDate('2024-03-01')).toBe('01/03/2024');
    expect(formatIsoDate('')).toBe('');
  });
});

describe('DateRange', () => {
  it('reports a range typed as DD/MM/YYYY once each date is whole', async () => {
    const user = userEvent.setup();
    const onRange = vi.fn();
    renderUi(<Controlled onRange={onRange} />);
    const start = screen.getByLabelText('Start date');
    expect(start.getAttribute('placeholder')).toBe('DD/MM/YYYY');
    expect(start.getAttribute('aria-describedby')).toContain(
      screen.getByText('Format: DD/MM/YYYY.').getAttribute('id'),
    );
    await user.type(start, '01/03/202');
    expect(onRange).not.toHaveBeenCalled();
    await user.type(start, '4');
    expect(onRange).toHaveBeenLastCalledWith({ start: '2024-03-01', end: '' });
    await typeDate(user, 'End date', '31/03/2024');
    expect(onRange).toHaveBeenLastCalledWith({ start: '2024-03-01', end: '2024-03-31' });
    expect(screen.queryByRole('alert')).toBeNull();
    // Emptied: the range is open again on that side.
    await typeDate(user, 'Start date', '');
    expect(onRange).toHaveBeenLastCalledWith({ start: '', end: '2024-03-31' });
  });

  it('says how to write a date once an unreadable one is left, not while it is typed', async () => {
    const user = userEvent.setup();
    const onRange = vi.fn();
    renderUi(<Controlled onRange={onRange} />);
    await user.type(screen.getByLabelText('Start date'), '31/02/2024');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.tab();
    expect(screen.getByRole('alert').textContent).toBe(
      'Enter the date as DD/MM/YYYY, for example 31/03/2024.',
    );
    expect(screen.getByLabelText('Start date').getAttribute('aria-invalid')).toBe('true');
    expect(onRange).not.toHaveBeenCalled();
  });

  it('rejects an end earlier than the start', async () => {
    const user = userEvent.setup();
    const onRange = vi.fn();
    renderUi(<Controlled onRange={onRange} />);
    await typeDate(user, 'Start date', '10/03/2024');
    await typeDate(user, 'End date', '09/03/2024');
    expect(screen.getByRole('alert').textContent).toBe('End date cannot be earlier than start date');
    expect(screen.getByLabelText('End date').getAttribute('aria-invalid')).toBe('true');
    expect(onRange).toHaveBeenCalledTimes(1);
    expect(onRange).toHaveBeenLastCalledWith({ start: '2024-03-10', end: '' });
    await typeDate(user, 'End date', '10/03/2024');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onRange).toHaveBeenLastCalledWith({ start: '2024-03-10', end: '2024-03-10' });
  });

  it('limits dates to 01/01/1900..31/12/2099', async () => {
    const user = userEvent.setup();
    const onRange = vi.fn();
    renderUi(<Controlled onRange={onRange} />);
    await typeDate(user, 'Start date', '31/12/1899');
    expect(screen.getByRole('alert').textContent).toBe('Choose a date between 01/01/1900 and 31/12/2099.');
    expect(onRange).not.toHaveBeenCalled();
    expect(checkDateRange({ start: '2100-01-01', end: '' })).toEqual({ field: 'start', kind: 'range' });
    expect(checkDateRange({ start: '1900-01-01', end: '2099-12-31' })).toBeNull();
  });

  it('picks a date on a calendar, keyboard first', async () => {
    const user = userEvent.setup();
    const onRange = vi.fn();
    renderUi(<Controlled onRange={onRange} initial={{ start: '2024-03-10', end: '' }} />);
    expect((screen.getByLabelText('Start date') as HTMLInputElement).value).toBe('10/03/2024');
    await user.click(screen.getByRole('button', { name: 'Choose the start date on a calendar' }));
    // The chosen day takes the focus once the calendar has rendered (an effect after the lazy
    // chunk loads: under load, a moment after the day appears); the arrow keys move it, Enter picks.
    const day = await screen.findByRole('button', { name: /^10 March 2024/ });
    await waitFor(() => expect(document.activeElement).toBe(day));
    await user.keyboard('{ArrowRight}{Enter}');
    expect(onRange).toHaveBeenLastCalledWith({ start: '2024-03-11', end: '' });
    expect((screen.getByLabelText('Start date') as HTMLInputElement).value).toBe('11/03/2024');
    // Picked: the calendar closes.
    expect(screen.queryByRole('grid')).toBeNull();

    // The end's calendar opens on the start's month and offers no day before it.
    await user.click(screen.getByRole('button', { name: 'Choose the end date on a calendar' }));
    const grid = await screen.findByRole('grid');
    const before = within(grid).getByRole('button', { name: /^10 March 2024/ });
    expect(before.hasAttribute('disabled')).toBe(true);
    await user.click(within(grid).getByRole('button', { name: /^20 March 2024/ }));
    expect(onRange).toHaveBeenLastCalledWith({ start: '2024-03-11', end: '2024-03-20' });
  });

  it('closes the calendar on Escape, the focus back on its button, and on a press elsewhere', async () => {
    const user = userEvent.setup();
    renderUi(<Controlled onRange={vi.fn()} initial={{ start: '2024-03-10', end: '' }} />);
    const button = screen.getByRole('button', { name: 'Choose the start date on a calendar' });
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await screen.findByRole('grid');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('grid')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    await screen.findByRole('grid');
    await user.click(screen.getByLabelText('End date'));
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('is disabled as a whole', () => {
    renderUi(<DateRange label="Date" value={{ start: '', end: '' }} disabled onChange={() => {}} />);
    expect((screen.getByLabelText('Start date') as HTMLInputElement).matches(':disabled')).toBe(true);
    expect((screen.getByLabelText('End date') as HTMLInputElement).matches(':disabled')).toBe(true);
    expect(
      (
        screen.getByRole('button', { name: 'Choose the start date on a calendar' }) as HTMLButtonElement
      ).matches(':disabled'),
    ).toBe(true);
  });

  it('speaks Spanish, its calendar too', async () => {
    const user = userEvent.setup();
    renderUi(<Controlled initial={{ start: '2024-03-10', end: '' }} />, { locale: 'es' });
    expect(screen.getByLabelText('Fecha de inicio').getAttribute('placeholder')).toBe('DD/MM/AAAA');
    await typeDate(user, 'Fecha de fin', '01/03/2024');
    expect(screen.getByRole('alert').textContent).toBe(
      'La fecha de fin no puede ser anterior a la fecha de inicio',
    );
    await user.click(screen.getByRole('button', { name: 'Elegir la fecha de inicio en un calendario' }));
    await screen.findByRole('button', { name: /10 de marzo de 2024/ });
  });
});
