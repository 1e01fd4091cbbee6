export {
  checkDateRange,
  DateRange,
  type DateRangeProps,
  type DateRangeValue,
  formatIsoDate,
} from './date-range';
