/**
 * A ranked list with a bar each (the dashboards' sellers, companies and products): every item's name,
 * its figure in the user's number format and what else it holds, and a bar as long as its figure
 * against the largest. The bars only draw what the text says, so screen readers skip them.
 */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { StackList } from '../../primitives/stack-list';
import { EmptyState } from '../empty-state/empty-state';

export interface Bar {
  key: string;
  label: ReactNode;
  value: number;
  /** Shown after the value, muted (e.g. 'in 3 orders'). */
  detail?: ReactNode;
}

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
`;

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
`;

const Label = styled.span`
  flex: 1 1 10rem;
  overflow-wrap: anywhere;
`;

const Value = styled.span`
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;

const Detail = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

const Track = styled.span`
  display: block;
  height: 0.5rem;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.border};
  overflow: hidden;
`;

const Fill = styled.span`
  display: block;
  height: 100%;
  border-radius: inherit;
  background: ${({ theme }) => theme.colors.primary};
`;

export interface BarListProps {
  /** Names the list for screen readers. */
  label: string;
  bars: readonly Bar[];
  /** Shown without bars; 'No results found' by default. */
  empty?: ReactNode;
}

/** The bars in the order given; 'No results found' (or `empty`) without any. */
export function BarList({ label, bars, empty }: BarListProps) {
  const { i18n } = useLingui();
  if (bars.length === 0) return <EmptyState title={empty} />;
  const format = new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 2 });
  const largest = Math.max(...bars.map((bar) => bar.value), 0);
  return (
    <StackList as="ol" $gap={3} aria-label={label}>
      {bars.map((bar) => (
        <Item key={bar.key}>
          <Line>
            <Label>{bar.label}</Label>
            <span>
              <Value>{format.format(bar.value)}</Value>
              {bar.detail ? <Detail> · {bar.detail}</Detail> : null}
            </span>
          </Line>
          <Track aria-hidden="true">
            <Fill style={{ width: `${largest > 0 ? (bar.value / largest) * 100 : 0}%` }} />
          </Track>
        </Item>
      ))}
    </StackList>
  );
}
