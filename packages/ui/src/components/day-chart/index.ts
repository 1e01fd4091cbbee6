export { DayChart, type DayChartProps, type DayFigures, formatDay } from './day-chart';
