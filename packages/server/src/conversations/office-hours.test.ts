import { DEFAULT_LIVE_CHAT, type LiveChat } from '@conversa/contract/assistant';
import { describe, expect, it } from 'vitest';
import { isLive, localTime } from './office-hours';

const madrid: LiveChat = {
  ...DEFAULT_LIVE_CHAT,
  enabled: true,
  time_zone: 'Europe/Madrid',
  // Monday 09:00-17:00, Sunday 22:00-23:59.
  hours: [
    { day: 1, from: '09:00', to: '17:00' },
    { day: 0, from: '22:00', to: '23:59' },
  ],
};

describe('office hours', () => {
  it('reads the weekday and the 24-hour time in the zone, across the UTC day boundary', () => {
    // Sunday 23:30 UTC is Monday 00:30 in Madrid (winter, UTC+1) and Sunday 18:30 in New York.
    const at = new Date('2026-11-29T23:30:00Z');
    expect(localTime(at, 'Europe/Madrid')).toEqual({ day: 1, time: '00:30' });
    expect(localTime(at, 'America/New_York')).toEqual({ day: 0, time: '18:30' });
    expect(localTime(new Date('2026-11-30T00:05:00Z'), 'UTC')).toEqual({ day: 1, time: '00:05' });
  });

  it('is open only within a span of the right local day, `to` excluded', () => {
    // Monday 08:30 UTC = 09:30 in Madrid: open.
    expect(isLive(madrid, new Date('2026-11-30T08:30:00Z'))).toBe(true);
    // Monday 07:59 UTC = 08:59 in Madrid: not yet.
    expect(isLive(madrid, new Date('2026-11-30T07:59:00Z'))).toBe(false);
    // Monday 16:00 UTC = 17:00 in Madrid: closed (the end is excluded).
    expect(isLive(madrid, new Date('2026-11-30T16:00:00Z'))).toBe(false);
    // Sunday 21:30 UTC = 22:30 Sunday in Madrid, though UTC says it is still 21:30: open.
    expect(isLive(madrid, new Date('2026-11-29T21:30:00Z'))).toBe(true);
    // Sunday 23:30 UTC is already Monday 00:30 in Madrid: the Sunday span does not hold.
    expect(isLive(madrid, new Date('2026-11-29T23:30:00Z'))).toBe(false);
  });

  it('is always open without hours, and never when off', () => {
    const always = { ...madrid, hours: [] };
    expect(isLive(always, new Date('2026-11-29T03:00:00Z'))).toBe(true);
    expect(isLive({ ...always, enabled: false }, new Date('2026-11-30T08:30:00Z'))).toBe(false);
  });
});
