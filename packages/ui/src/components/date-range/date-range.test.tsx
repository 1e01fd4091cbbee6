import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render';
import { checkDateRange, DateRange, type DateRangeValue } from './date-range';

function Controlled({ onRange }: { onRange?: (value: DateRangeValue) => void }) {
  const [value, setValue] = useState<DateRangeValue>({ start: '', end: '' });
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

const setDate = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('DateRange', () => {
  it('reports a valid range', () => {
    const onRange = vi.fn();
    renderUi(<Controlled onRange={onRange} />);
    setDate('Start date', '2024-03-01');
    setDate('End date', '2024-03-31');
    expect(onRange).toHaveBeenLastCalledWith({ start: '2024-03-01', end: '2024-03-31' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('rejects an end earlier than the start', () => {
    const onRange = vi.fn();
    renderUi(<Controlled onRange={onRange} />);
    setDate('Start date', '2024-03-10');
    setDate('End date', '2024-03-09');
    expect(screen.getByRole('alert').textContent).toBe('End date cannot be earlier than start date');
    expect(screen.getByLabelText('End date').getAttribute('aria-invalid')).toBe('true');
    expect(onRange).toHaveBeenCalledTimes(1);
    expect(onRange).toHaveBeenLastCalledWith({ start: '2024-03-10', end: '' });
    setDate('End date', '2024-03-10');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onRange).toHaveBeenLastCalledWith({ start: '2024-03-10', end: '2024-03-10' });
  });

  it('limits dates to 1900-01-01..2099-12-31', () => {
    renderUi(<Controlled />);
    const start = screen.getByLabelText('Start date');
    expect(start.getAttribute('min')).toBe('1900-01-01');
    expect(start.getAttribute('max')).toBe('2099-12-31');
    setDate('Start date', '1899-12-31');
    expect(screen.getByRole('alert').textContent).toBe('Choose a date between 01/01/1900 and 31/12/2099.');
    expect(checkDateRange({ start: '2100-01-01', end: '' })).toEqual({ field: 'start', kind: 'range' });
    expect(checkDateRange({ start: '1900-01-01', end: '2099-12-31' })).toBeNull();
  });

  it('is disabled as a whole', () => {
    renderUi(<DateRange label="Date" value={{ start: '', end: '' }} disabled onChange={() => {}} />);
    expect((screen.getByLabelText('Start date') as HTMLInputElement).matches(':disabled')).toBe(true);
    expect((screen.getByLabelText('End date') as HTMLInputElement).matches(':disabled')).toBe(true);
  });

  it('speaks Spanish', () => {
    renderUi(<Controlled />, { locale: 'es' });
    fireEvent.change(screen.getByLabelText('Fecha de inicio'), { target: { value: '2024-03-10' } });
    fireEvent.change(screen.getByLabelText('Fecha de fin'), { target: { value: '2024-03-01' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'La fecha de fin no puede ser anterior a la fecha de inicio',
    );
  });
});
