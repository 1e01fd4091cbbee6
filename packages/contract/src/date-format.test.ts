import { describe, expect, it } from 'vitest';
import { DATE_FORMATS } from './constants';
import { formatDate, formatDateTime, formatDay, formatInstant, formatTime } from './date-format';

const afternoon = '2026-11-28T15:04:09.007Z';

describe('date-format', () => {
  it('writes DD/MM/YYYY and a 24-hour HH:mm, never a month name or AM/PM', () => {
    expect(formatDateTime(afternoon, 'UTC')).toBe('28/11/2026 15:04');
    expect(formatDate(afternoon, 'UTC')).toBe('28/11/2026');
    expect(formatTime(afternoon, 'UTC')).toBe('15:04');
    expect(formatDateTime('2026-01-05T00:07:00Z', 'UTC')).toBe('05/01/2026 00:07');
  });

  it("writes the instant in the reader's time zone", () => {
    expect(formatDateTime(afternoon, 'Europe/Madrid')).toBe('28/11/2026 16:04');
    expect(formatDateTime(afternoon, 'America/Mexico_City')).toBe('28/11/2026 09:04');
    expect(formatDate('2026-11-28T23:30:00Z', 'Europe/Madrid')).toBe('29/11/2026');
  });

  it('fills every DATE_FORMATS pattern, the ISO ones included', () => {
    expect(formatInstant(afternoon, DATE_FORMATS.isoDate, 'UTC')).toBe('2026-11-28');
    expect(formatInstant(afternoon, DATE_FORMATS.isoDateTime, 'UTC')).toBe('2026-11-28T15:04:09.007');
  });

  it('writes a stored calendar day as it is, whatever the zone', () => {
    expect(formatDay('2026-12-03')).toBe('03/12/2026');
    expect(formatDay('1900-01-01')).toBe('01/01/1900');
  });

  it('gives back a text that is no date', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDay('')).toBe('');
  });
});
