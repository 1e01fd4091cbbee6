/** A list without markers whose items stack in a column, `$gap` theme spaces apart (`as="ol"` for an ordered one). */
import styled from 'styled-components';

export const StackList = styled.ul<{ $gap?: number }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme, $gap = 2 }) => theme.space($gap)};
  margin: 0;
  padding: 0;
  list-style: none;
`;
