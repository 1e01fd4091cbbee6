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
