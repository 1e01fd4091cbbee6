/**
 * Conversations, questions and handoffs per day: a chart to read at a glance, with the same figures
 * in a table for screen readers. The chart (uPlot) is its own chunk, loaded only where a chart is
 * drawn, so no other page pays for it.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import styled, { useTheme } from 'styled-components';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { EmptyState } from '../empty-state/empty-state';
import { Waiting } from '../waiting/waiting';
import type { ChartOptions } from './uplot-chart';

/** One day's figures; `date` is `YYYY-MM-DD`. */
export interface DayFigures {
  date: string;
  conversations: number;
  questions: number;
  handed_off: number;
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

/** `YYYY-MM-DD` in the user's locale (the day itself, whatever the time zone). */
export function formatDay(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** The drawing: uPlot's chunk is loaded on first use, then draws again when anything it shows changes. */
function Chart({ days, labels, locale, colors }: ChartOptions) {
  const { t } = useLingui();
  const host = useRef<HTMLDivElement>(null);
  const [loading, setLoading] = useState(true);
  const { day, conversations, questions, handed_off } = labels;
  const { text, grid, conversations: first, questions: second, handedOff } = colors;
  useEffect(() => {
    let remove: (() => void) | undefined;
    let gone = false;
    void import('./uplot-chart').then(({ drawChart }) => {
      setLoading(false);
      if (gone || !host.current) return;
      remove = drawChart(host.current, {
        days,
        locale,
        labels: { day, conversations, questions, handed_off },
        colors: { text, grid, conversations: first, questions: second, handedOff },
      });
    });
    return () => {
      gone = true;
      remove?.();
    };
  }, [days, locale, day, conversations, questions, handed_off, text, grid, first, second, handedOff]);
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
  days: DayFigures[];
}

/** A line per figure over the days; 'No results found' when there are none. */
export function DayChart({ title, days }: DayChartProps) {
  const { t, i18n } = useLingui();
  const { colors } = useTheme();
  const lines = {
    text: colors.textMuted,
    grid: colors.border,
    conversations: colors.primary,
    questions: colors.success,
    handedOff: colors.danger,
  };
  const labels = {
    day: t`Day`,
    conversations: t`Conversations`,
    questions: t`Questions`,
    handed_off: t`Handed off`,
  };
  return (
    <Figure aria-label={title}>
      <Caption aria-hidden="true">{title}</Caption>
      {days.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          {/* The canvas is a picture of the table below: screen readers read the table. */}
          <Chart days={days} labels={labels} locale={i18n.locale} colors={lines} />
          <VisuallyHidden as="table">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{labels.day}</th>
                <th scope="col">{labels.conversations}</th>
                <th scope="col">{labels.questions}</th>
                <th scope="col">{labels.handed_off}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{formatDay(day.date, i18n.locale)}</th>
                  <td>{day.conversations}</td>
                  <td>{day.questions}</td>
                  <td>{day.handed_off}</td>
                </tr>
              ))}
            </tbody>
          </VisuallyHidden>
        </>
      )}
    </Figure>
  );
}
