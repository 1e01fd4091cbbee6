/** A state as a coloured dot and a word (files, websites and their pages), and the cell holding it. */
import styled from 'styled-components';

/** The theme colour of a state: still working, done, or failed. */
export type StateTone = 'textMuted' | 'success' | 'danger';

/** The badge of states `S`, each drawn in its tone. */
export function stateBadge<S extends string>(tones: Record<S, StateTone>) {
  return styled.span<{ $state: S }>`
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
}

/** A state's badge and, under it, what to know about it. */
export const StateCell = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(0.5)};
  max-width: 22rem;
  font-size: 0.875rem;
`;
