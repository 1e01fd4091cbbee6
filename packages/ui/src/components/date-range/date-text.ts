/**
 * Dates as people type them, DD/MM/YYYY (docs/product.md#constants), and as the API takes them,
 * YYYY-MM-DD; parsed and formatted by date-fns in the local calendar (a date, not an instant).
 */
import { formatDay } from '@conversa/contract/date-format';
import { format, isValid, parse } from 'date-fns';

/** The typed format. */
const TYPED = 'dd/MM/yyyy';
const ISO = 'yyyy-MM-dd';

/** One or two digits for the day and the month, four for the year, `/` between them. */
const TYPED_SHAPE = /^\d{1,2}\/\d{1,2}\/\d{4}$/;

/** `01/03/2024` (or `1/3/2024`) as `2024-03-01`; '' for an empty text; null for anything else. */
export function isoFromText(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  if (!TYPED_SHAPE.test(trimmed)) return null;
  const date = parse(trimmed, TYPED, new Date(2000, 0, 1));
  return isValid(date) ? format(date, ISO) : null;
}

/** `YYYY-MM-DD` as `DD/MM/YYYY` (the one date formatter); '' stays ''. */
export const formatIsoDate = (iso: string): string => formatDay(iso);

/** `YYYY-MM-DD` as a local date (midnight), for the calendar. */
export const dateFromIso = (iso: string): Date => parse(iso, ISO, new Date(2000, 0, 1));

/** A local date as `YYYY-MM-DD`. */
export const isoFromDate = (date: Date): string => format(date, ISO);
