/**
 * Whether live chat is open at an instant: on, and within one of the office hours read in the
 * assistant's time zone (docs/product.md#live-conversations). No hours means always open.
 */
import type { LiveChat } from '@conversa/contract/assistant';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The weekday (0 = Sunday) and the 24-hour `HH:mm` of `at` in `timeZone`. */
export function localTime(at: Date, timeZone: string): { day: number; time: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((one) => one.type === type)?.value ?? '';
  return { day: WEEKDAYS.indexOf(part('weekday')), time: `${part('hour')}:${part('minute')}` };
}

/** True when a person may answer now: live chat is on and `at` falls within its hours (`to` excluded). */
export function isLive(liveChat: LiveChat, at: Date): boolean {
  if (!liveChat.enabled) return false;
  if (liveChat.hours.length === 0) return true;
  const { day, time } = localTime(at, liveChat.time_zone);
  return liveChat.hours.some((span) => span.day === day && span.from <= time && time < span.to);
}
