export {
  DayChart,
  type DayChartProps,
  type DayFigures,
  type DayRow,
  type DaySeries,
  formatDay,
} from './day-chart';
