/** What a list shows when it has nothing to show (docs/product.md#errors-and-messages texts). */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(4)};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Icon = styled.span`
  font-size: 1.75rem;
  line-height: 1;
`;

const Title = styled.p`
  margin: 0;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
`;

export interface EmptyStateProps {
  /** `no-results`: 'No results found'; `no-more`: 'There are no more results' (paged past the end). */
  kind?: 'no-results' | 'no-more';
  /** Replaces the default title. */
  title?: ReactNode;
  /** A hint or an action under the title. */
  children?: ReactNode;
}

/** A centred message with an optional hint or action. */
export function EmptyState({ kind = 'no-results', title, children }: EmptyStateProps) {
  const { t } = useLingui();
  return (
    <Box>
      <Icon aria-hidden="true">∅</Icon>
      <Title>{title ?? (kind === 'no-more' ? t`There are no more results` : t`No results found`)}</Title>
      {children}
    </Box>
  );
}
