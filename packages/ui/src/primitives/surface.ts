/** A block painted in the theme's page colours (e.g. a story canvas inside Storybook's docs page). */
import styled from 'styled-components';

export const Surface = styled.div`
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.font};
`;
