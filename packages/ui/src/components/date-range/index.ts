export {
  checkDateRange,
  DateRange,
  type DateRangeProps,
  type DateRangeValue,
  formatIsoDate,
  lastThirtyDays,
} from './date-range';
