/** Days in a time zone as SQL timestamptz bounds, for the lists' date ranges. */
import { sql } from 'drizzle-orm';

/** The start of day `day` (YYYY-MM-DD) in time zone `tz`, as a timestamptz. */
export const dayStart = (day: string, tz: string) => sql`((${day}::date)::timestamp at time zone ${tz})`;
/** The start of the day after `day` in `tz`: an inclusive end. */
export const dayAfter = (day: string, tz: string) => sql`((${day}::date + 1)::timestamp at time zone ${tz})`;

/** A day (YYYY-MM-DD) as it is in time zone `tz` at `at` (a download's file name). */
export function dayIn(at: Date, tz: string): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: tz }).format(at);
}

/** The days from `first` to `last` (YYYY-MM-DD), at most `max`, the most recent kept. */
export function daysBetween(first: string, last: string, max: number): string[] {
  const days: string[] = [];
  const end = Date.parse(`${last}T00:00:00Z`);
  for (let at = end; days.length < max && at >= Date.parse(`${first}T00:00:00Z`); at -= 86_400_000) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days.reverse();
}
