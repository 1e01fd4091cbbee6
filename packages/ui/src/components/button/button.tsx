/** The button: primary, secondary, danger or ghost, in the theme's two control heights. */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import type { ControlSize } from '../../primitives/control';
import { Waiting } from '../waiting/waiting';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

const variants = {
  primary: css`
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    border-color: ${({ theme }) => theme.colors.primary};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.primaryHover};
    }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.borderStrong};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.hover};
    }
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.danger};
    color: ${({ theme }) => theme.colors.onDanger};
    border-color: ${({ theme }) => theme.colors.danger};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.dangerHover};
    }
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    border-color: transparent;
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.hover};
    }
  `,
};

const StyledButton = styled.button<{ $variant: ButtonVariant; $size: ControlSize; $fullWidth: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  min-height: ${({ theme, $size }) => theme.controlHeight[$size]};
  padding: 0 ${({ theme, $size }) => theme.space($size === 'small' ? 3 : 4)};
  border: 1px solid;
  border-radius: ${({ theme }) => theme.radius};
  font-weight: 600;
  font-size: ${({ $size }) => ($size === 'small' ? '0.875rem' : '0.9375rem')};
  line-height: 1;
  white-space: nowrap;
  cursor: pointer;
  transition: background-color 120ms ease;
  ${({ $variant }) => variants[$variant]}
  &:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }
  &[aria-busy='true'] {
    cursor: progress;
  }
`;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ControlSize;
  /** Shows a spinner and blocks clicks while an action runs. */
  waiting?: boolean;
  fullWidth?: boolean;
  icon?: ReactNode;
}

/** A native `<button>` (type `button` unless told otherwise). */
export function Button({
  variant = 'primary',
  size = 'medium',
  waiting = false,
  fullWidth = false,
  icon,
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <StyledButton
      type={type}
      disabled={disabled || waiting}
      aria-busy={waiting || undefined}
      $variant={variant}
      $size={size}
      $fullWidth={fullWidth}
      {...rest}
    >
      {waiting ? <Waiting size="small" /> : icon}
      {children}
    </StyledButton>
  );
}
