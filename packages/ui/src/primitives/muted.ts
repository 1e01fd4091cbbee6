/** Secondary text (counts, hints, dates): the muted colour at the small size; a paragraph without margins. */
import styled, { css } from 'styled-components';

const muted = css`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

export const Muted = styled.span`
  ${muted}
`;

export const MutedParagraph = styled.p`
  margin: 0;
  ${muted}
`;
