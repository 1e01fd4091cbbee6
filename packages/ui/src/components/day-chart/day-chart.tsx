/**
 * Figures per day (conversations, questions and handoffs by default; leads, orders…): a chart to read at a glance, with the same figures
 * in a table for screen readers. The chart (uPlot) is its own chunk, loaded only where a chart is
 * drawn, so no other page pays for it.
 */
import { formatDay } from '@conversa/contract/date-format';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import styled, { useTheme } from 'styled-components';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { EmptyState } from '../empty-state/empty-state';
import { Waiting } from '../waiting/waiting';
import type { ChartOptions } from './uplot-chart';

/** One day's figures by series key; `date` is `YYYY-MM-DD`. */
export type DayRow = { date: string } & Record<string, number | string>;

/** The conversations dashboard's day: its default series. */
export type DayFigures = { date: string; conversations: number; questions: number; handed_off: number };

/** A line of the chart (a column of the table): the days' `key` figure, named `label`. */
export interface DaySeries {
  key: string;
  label: string;
}

const Figure = styled.figure`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
`;

const Caption = styled.figcaption`
  font-size: 1rem;
  font-weight: 700;
`;

const Canvas = styled.div`
  min-height: 16rem;
`;

/** The drawing: uPlot's chunk is loaded on first use, then draws again when anything it shows changes. */
function Chart({ days, series, dayLabel, locale, colors }: ChartOptions) {
  const { t } = useLingui();
  const host = useRef<HTMLDivElement>(null);
  const [loading, setLoading] = useState(true);
  // What is drawn, as a string: a new array of the same figures draws nothing again.
  const drawn = JSON.stringify({ days, series, dayLabel, locale, colors });
  useEffect(() => {
    let remove: (() => void) | undefined;
    let gone = false;
    void import('./uplot-chart').then(({ drawChart }) => {
      setLoading(false);
      if (gone || !host.current) return;
      remove = drawChart(host.current, JSON.parse(drawn) as ChartOptions);
    });
    return () => {
      gone = true;
      remove?.();
    };
  }, [drawn]);
  return (
    <Canvas aria-hidden="true">
      {loading ? <Waiting block label={t`Loading the chart…`} /> : null}
      <div ref={host} />
    </Canvas>
  );
}

export interface DayChartProps {
  /** The chart's title, also the table's caption. */
  title: string;
  days: readonly DayRow[];
  /** The lines drawn, in order (at most three); the conversations, questions and handoffs by default. */
  series?: readonly DaySeries[];
}

/** A line per series over the days; 'No results found' when there are none. */
export function DayChart({ title, days, series }: DayChartProps) {
  const { t, i18n } = useLingui();
  const { colors } = useTheme();
  const lines = series ?? [
    { key: 'conversations', label: t`Conversations` },
    { key: 'questions', label: t`Questions` },
    { key: 'handed_off', label: t`Handed off` },
  ];
  const dayLabel = t`Day`;
  const palette = {
    text: colors.textMuted,
    grid: colors.border,
    lines: [colors.primary, colors.success, colors.danger],
  };
  return (
    <Figure aria-label={title}>
      <Caption aria-hidden="true">{title}</Caption>
      {days.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          {/* The canvas is a picture of the table below: screen readers read the table. */}
          <Chart
            days={days.map((day) => ({
              date: day.date,
              values: lines.map((line) => Number(day[line.key] ?? 0)),
            }))}
            series={lines.map((line) => line.label)}
            dayLabel={dayLabel}
            locale={i18n.locale}
            colors={palette}
          />
          <VisuallyHidden as="table">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{dayLabel}</th>
                {lines.map((line) => (
                  <th key={line.key} scope="col">
                    {line.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{formatDay(day.date)}</th>
                  {lines.map((line) => (
                    <td key={line.key}>{day[line.key]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </VisuallyHidden>
        </>
      )}
    </Figure>
  );
}
