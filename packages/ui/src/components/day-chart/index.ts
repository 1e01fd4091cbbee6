export { DayChart, type DayChartProps, type DayFigures, type DayRow, type DaySeries } from './day-chart';
