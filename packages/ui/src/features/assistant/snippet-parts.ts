/** The snippet form's layout pieces and its colour rule (the origin rule is the contract's). */
import type { SnippetPosition } from '@conversa/contract/assistant';
import styled from 'styled-components';

export const Section = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: none;
`;

export const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space(1)};
  font-size: 0.875rem;
  font-weight: 600;
`;

export const Rows = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const Row = styled.li`
  display: flex;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  & > :first-child {
    flex: 1;
  }
`;

export const ColourRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  input[type='color'] {
    flex: none;
    width: 3rem;
    min-height: ${({ theme }) => theme.controlHeight.medium};
    padding: 0.125rem;
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radius};
    background: ${({ theme }) => theme.colors.surface};
    cursor: pointer;
  }
  input[type='text'] {
    max-width: 8rem;
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  }
`;

export const Choices = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(4)};
  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(1.5)};
    cursor: pointer;
  }
  input {
    width: 1rem;
    height: 1rem;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

// A miniature website with the launcher where visitors will see it.
export const Preview = styled.div<{ $position: SnippetPosition }>`
  position: relative;
  height: 4.5rem;
  max-width: 14rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusSmall};
  background: ${({ theme }) => theme.colors.background};
  span {
    position: absolute;
    bottom: 0.5rem;
    ${({ $position }) => ($position === 'left' ? 'left: 0.5rem;' : 'right: 0.5rem;')}
    width: 1.75rem;
    height: 1.75rem;
    border-radius: 50%;
    box-shadow: 0 2px 6px rgba(0, 0, 0, 0.25);
  }
`;
