/** The uPlot drawing of `DayChart` (a lazy chunk): one line per figure, sized to its container. */
import { useEffect, useRef } from 'react';
import { useTheme } from 'styled-components';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DayFigures } from './day-chart';

export interface UplotChartProps {
  days: DayFigures[];
  labels: Record<'conversations' | 'questions' | 'handed_off', string>;
  locale: string;
}

const HEIGHT = 240;

/** Draws once per data, labels or theme change; follows the container's width. */
export default function UplotChart({ days, labels, locale }: UplotChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  useEffect(() => {
    const element = host.current;
    // Without a 2D canvas (disabled by the browser) nothing is drawn: the table carries the figures.
    if (!element || !document.createElement('canvas').getContext('2d')) return;
    const dayFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const numberFormat = new Intl.NumberFormat(locale);
    const axis = {
      stroke: theme.colors.textMuted,
      grid: { stroke: theme.colors.border, width: 1 },
      ticks: { stroke: theme.colors.border, width: 1 },
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
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      axes: [
        { ...axis, values: (_u, splits) => splits.map((s) => dayFormat.format(new Date(s * 1e3))) },
        {
          ...axis,
          values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? numberFormat.format(s) : '')),
        },
      ],
      series: [
        { value: (_u, ts) => (ts === null ? '–' : dayFormat.format(new Date(ts * 1e3))) },
        line(labels.conversations, theme.colors.primary),
        line(labels.questions, theme.colors.success, [6, 4]),
        line(labels.handed_off, theme.colors.danger, [2, 3]),
      ],
    };
    const data: uPlot.AlignedData = [
      days.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1e3),
      days.map((day) => day.conversations),
      days.map((day) => day.questions),
      days.map((day) => day.handed_off),
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
  }, [days, labels.conversations, labels.questions, labels.handed_off, locale, theme]);
  return <div ref={host} />;
}
