/**
 * The uPlot drawing of `DayChart`, its own chunk: plain DOM, no React and no styling library, so the
 * chunk holds uPlot and this file and moves no shared module out of the pages' chunks.
 */
import { formatDate } from '@conversa/contract/date-format';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartOptions {
  /** Each day and its figures, in the order of `series`. */
  days: { date: string; values: number[] }[];
  /** The lines' names. */
  series: string[];
  dayLabel: string;
  locale: string;
  /** The theme's colours: the axes' text, the grid, and each line's in turn. */
  colors: { text: string; grid: string; lines: string[] };
}

/** Each line after the first is dashed differently, so the lines differ without their colours. */
const DASHES: (number[] | undefined)[] = [undefined, [6, 4], [2, 3]];

const HEIGHT = 240;

/** Draws a line per figure into `element`, following its width; answers the function that removes it. */
export function drawChart(
  element: HTMLElement,
  { days, series, dayLabel, locale, colors }: ChartOptions,
): () => void {
  // Without a 2D canvas (disabled by the browser) nothing is drawn: the table carries the figures.
  if (!document.createElement('canvas').getContext('2d')) return () => {};
  // Days are UTC midnights: written as the day itself (DD/MM/YYYY), wherever the browser is.
  const dayText = (seconds: number) => formatDate(new Date(seconds * 1e3), 'UTC');
  const numberFormat = new Intl.NumberFormat(locale);
  const axis = {
    stroke: colors.text,
    grid: { stroke: colors.grid, width: 1 },
    ticks: { stroke: colors.grid, width: 1 },
  };
  const line = (label: string, stroke: string, dash?: number[]) => ({
    label,
    stroke,
    width: 2,
    dash,
    points: { show: days.length <= 60, size: 6, fill: stroke },
    value: (_u: uPlot, value: number | null) => (value === null ? '–' : numberFormat.format(value)),
  });
  const options: uPlot.Options = {
    width: element.clientWidth || 600,
    height: HEIGHT,
    // Days are UTC midnights: shown as the day itself, wherever the browser is.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1e3), 'Etc/UTC'),
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] } },
    axes: [
      // Room for a whole DD/MM/YYYY between ticks.
      { ...axis, space: 90, values: (_u, splits) => splits.map(dayText) },
      {
        ...axis,
        values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? numberFormat.format(s) : '')),
      },
    ],
    series: [
      { label: dayLabel, value: (_u, ts) => (ts === null ? '–' : dayText(ts)) },
      ...series.map((label, index) =>
        line(label, colors.lines[index % colors.lines.length]!, DASHES[index % DASHES.length]),
      ),
    ],
  };
  const data: uPlot.AlignedData = [
    days.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1e3),
    ...series.map((_label, index) => days.map((day) => day.values[index] ?? 0)),
  ];
  const chart = new uPlot(options, data, element);
  const resize = new ResizeObserver(() => {
    if (element.clientWidth > 0) chart.setSize({ width: element.clientWidth, height: HEIGHT });
  });
  resize.observe(element);
  return () => {
    resize.disconnect();
    chart.destroy();
  };
}
