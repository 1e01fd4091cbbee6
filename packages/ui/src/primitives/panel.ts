/** A side panel of a page (a conversation's overview, who answers it): a bordered section with its heading. */
import styled from 'styled-components';

export const Panel = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
`;

export const PanelTitle = styled.h2`
  margin: 0;
  font-size: 1.125rem;
  font-weight: 700;
`;
