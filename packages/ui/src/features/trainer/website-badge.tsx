/** A website's or a page's state as a coloured dot and a word. */
import type { WebsitePageState, WebsiteState } from '@conversa/contract/website';
import styled from 'styled-components';

const tones = {
  crawling: 'textMuted',
  paused: 'textMuted',
  processing: 'textMuted',
  skipped: 'textMuted',
  ready: 'success',
  failed: 'danger',
} as const satisfies Record<WebsiteState | WebsitePageState, string>;

export const StateBadge = styled.span<{ $state: WebsiteState | WebsitePageState }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1.5)};
  color: ${({ theme, $state }) => theme.colors[tones[$state]]};
  font-weight: 700;
  &::before {
    content: '';
    width: 0.5rem;
    height: 0.5rem;
    border-radius: 50%;
    background: currentColor;
  }
`;

/** A state's badge and, under it, what to know about it. */
export const StateCell = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(0.5)};
  max-width: 22rem;
  font-size: 0.875rem;
`;

/** An address or a title that may be long: it wraps anywhere. */
export const Address = styled.a`
  font-weight: 600;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.primary};
`;
