/** A row of figures (a number and what it counts), read as a list by screen readers. */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';

export interface Figure {
  key: string;
  label: ReactNode;
  value: number;
}

const List = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Card = styled.li`
  display: flex;
  flex-direction: column-reverse;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
`;

const Value = styled.span`
  font-size: 1.75rem;
  font-weight: 700;
  line-height: 1.1;
`;

const Label = styled.span`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface FigureCardsProps {
  /** Names the list for screen readers. */
  label: string;
  figures: Figure[];
}

/** Each figure as a card: its label read first, then its value in the user's number format. */
export function FigureCards({ label, figures }: FigureCardsProps) {
  const { i18n } = useLingui();
  const format = new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 1 });
  return (
    <List aria-label={label}>
      {figures.map((figure) => (
        // The value is drawn above its label (column-reverse) but read after it.
        <Card key={figure.key}>
          <Label>{figure.label}</Label>
          <Value>{format.format(figure.value)}</Value>
        </Card>
      ))}
    </List>
  );
}
