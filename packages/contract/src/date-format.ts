/**
 * The one way dates and times are written for people (docs/product.md#constants): `DD/MM/YYYY`
 * and a 24-hour `HH:mm`, in English and Spanish alike. `DATE_FORMATS` is the source: its patterns
 * are filled from the parts `Intl` gives (no date library, so the widget may use it too).
 */
import { DATE_FORMATS } from './constants';

/** One of `DATE_FORMATS`' patterns. */
export type DatePattern = (typeof DATE_FORMATS)[keyof typeof DATE_FORMATS];

/** The tokens a pattern is made of; anything else in it is written as it is. */
const TOKENS = /YYYY|SSS|MM|DD|HH|mm|ss/g;

// Building an Intl.DateTimeFormat costs far more than using one: one per time zone, kept.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterIn(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      // h23, not `hour12: false`: some engines write midnight as 24:00 with the latter.
      hourCycle: 'h23',
      ...(timeZone ? { timeZone } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * An instant written in a `DATE_FORMATS` pattern, in `timeZone` (the reader's own when omitted).
 * A text that is no date comes back as it is.
 */
export function formatInstant(at: Date | string | number, pattern: DatePattern, timeZone?: string): string {
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return String(at);
  const parts: Record<string, string> = {};
  for (const part of formatterIn(timeZone).formatToParts(date)) parts[part.type] = part.value;
  const values: Record<string, string> = {
    YYYY: (parts.year ?? '').padStart(4, '0'),
    MM: parts.month ?? '',
    DD: parts.day ?? '',
    HH: parts.hour ?? '',
    mm: parts.minute ?? '',
    ss: parts.second ?? '',
    SSS: String(date.getMilliseconds()).padStart(3, '0'),
  };
  return pattern.replace(TOKENS, (token) => values[token] ?? token);
}

/** An instant as `DD/MM/YYYY HH:mm` (24-hour), in `timeZone` (the reader's own when omitted). */
export const formatDateTime = (at: Date | string | number, timeZone?: string): string =>
  formatInstant(at, DATE_FORMATS.dateTime, timeZone);

/** An instant's day as `DD/MM/YYYY`, in `timeZone` (the reader's own when omitted). */
export const formatDate = (at: Date | string | number, timeZone?: string): string =>
  formatInstant(at, DATE_FORMATS.date, timeZone);

/** A calendar day stored as `YYYY-MM-DD` (a date field, a chart's day) as `DD/MM/YYYY`, in no time zone. */
export const formatDay = (isoDay: string): string =>
  /^\d{4}-\d{2}-\d{2}/.test(isoDay)
    ? formatInstant(`${isoDay.slice(0, 10)}T00:00:00Z`, DATE_FORMATS.date, 'UTC')
    : isoDay;

/** An instant's time as `HH:mm` (24-hour), in `timeZone` (the reader's own when omitted). */
export const formatTime = (at: Date | string | number, timeZone?: string): string =>
  formatInstant(at, DATE_FORMATS.time, timeZone);
