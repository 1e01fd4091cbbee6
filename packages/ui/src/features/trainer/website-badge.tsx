/** A website's or a page's state as a coloured dot and a word. */
import type { WebsitePageState, WebsiteState } from '@conversa/contract/website';
import styled from 'styled-components';
import { StateCell, stateBadge, type StateTone } from '../../primitives/state-badge';

export const StateBadge = stateBadge({
  crawling: 'textMuted',
  paused: 'textMuted',
  processing: 'textMuted',
  skipped: 'textMuted',
  ready: 'success',
  failed: 'danger',
} satisfies Record<WebsiteState | WebsitePageState, StateTone>);

export { StateCell };

/** An address or a title that may be long: it wraps anywhere. */
export const Address = styled.a`
  font-weight: 600;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.primary};
`;
