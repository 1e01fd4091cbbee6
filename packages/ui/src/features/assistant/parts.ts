/** Headings and small pieces the assistant screens share. */
import styled from 'styled-components';

/** A card's heading (the page's own title is the route's h1). */
export const SectionTitle = styled.h2`
  margin: 0;
  font-size: 1.125rem;
  font-weight: 700;
`;

/** A heading inside a card. */
export const SubTitle = styled.h3`
  margin: 0;
  font-size: 1rem;
  font-weight: 700;
`;

/** A short line of muted text. */
export const Note = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;
