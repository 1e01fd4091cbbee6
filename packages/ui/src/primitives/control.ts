/** The look shared by text inputs, selects and text areas. */
import styled, { css } from 'styled-components';

export type ControlSize = 'small' | 'medium';

export const controlStyle = css<{ $size?: ControlSize }>`
  width: 100%;
  min-height: ${({ theme, $size = 'medium' }) => theme.controlHeight[$size]};
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.9375rem;
  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

export const Input = styled.input<{ $size?: ControlSize }>`
  ${controlStyle}
`;

export const TextArea = styled.textarea<{ $size?: ControlSize }>`
  ${controlStyle}
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  resize: vertical;
`;
