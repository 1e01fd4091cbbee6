/**
 * A date range in a list's query (`from`, `to`: days in the caller's time zone `tz`): blank is no
 * bound, and an end before the start is refused on `to` with the docs/product.md#validation text.
 */
import * as v from 'valibot';
import { ValidationCode as C } from './codes';
import { DATE_MAX, DATE_MIN } from './constants';

/** `YYYY-MM-DD`, a real day between DATE_MIN and DATE_MAX; blank is no bound. */
const DaySchema = v.optional(
  v.pipe(
    v.string(C.invalidValue),
    v.trim(),
    v.transform((s) => (s === '' ? null : s)),
    v.nullable(
      v.pipe(
        v.string(),
        v.isoDate(C.invalidValue),
        // A day that exists (isoDate's pattern lets 2026-02-30 through).
        v.check((s) => {
          const at = Date.parse(`${s}T00:00:00Z`);
          return !Number.isNaN(at) && new Date(at).toISOString().startsWith(s);
        }, C.invalidValue),
        v.check((s) => s >= DATE_MIN && s <= DATE_MAX, C.invalidValue),
      ),
    ),
  ),
  '',
);

/** An IANA time zone name. */
export const TimeZoneNameSchema = v.pipe(
  v.string(C.invalidValue),
  v.maxLength(64, C.invalidValue),
  v.check((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, C.invalidValue),
);

/** An IANA time zone the dates are read in (the browser's); UTC when absent. */
const TimeZoneSchema = v.optional(TimeZoneNameSchema, 'UTC');

const dateRange = {
  /** First day, inclusive (in `tz`). */
  from: DaySchema,
  /** Last day, inclusive (in `tz`). */
  to: DaySchema,
  tz: TimeZoneSchema,
};

/** The entries with a date range, where an end before the start is the docs/product.md#validation text, on `to`. */
export function withRange<E extends v.ObjectEntries>(entries: E) {
  const ordered = (range: { from: string | null; to: string | null }) =>
    !range.from || !range.to || range.from <= range.to;
  const schema = v.object({ ...entries, ...dateRange });
  type Output = v.InferOutput<typeof schema>;
  return v.pipe(
    schema,
    v.forward<Output, v.CheckIssue<Output>, ['to']>(
      v.check((value) => ordered(value as { from: string | null; to: string | null }), C.endBeforeStart),
      ['to'] as never,
    ),
  );
}
