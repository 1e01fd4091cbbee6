/** A spinner with an accessible label, for anything the user is waiting on. */
import { useLingui } from '@lingui/react/macro';
import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const sizes = { small: '1rem', medium: '1.5rem', large: '2.5rem' } as const;

const Wrapper = styled.span<{ $block: boolean }>`
  display: ${({ $block }) => ($block ? 'flex' : 'inline-flex')};
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ $block, theme }) => ($block ? theme.space(6) : 0)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Spinner = styled.span<{ $size: keyof typeof sizes }>`
  width: ${({ $size }) => sizes[$size]};
  height: ${({ $size }) => sizes[$size]};
  flex: none;
  border-radius: 50%;
  border: 2px solid currentColor;
  border-right-color: transparent;
  animation: ${spin} 0.8s linear infinite;
`;

export interface WaitingProps {
  /** What is being waited for; read by screen readers (and shown when `showLabel`). */
  label?: string;
  showLabel?: boolean;
  size?: keyof typeof sizes;
  /** Centres the spinner in its own padded block instead of inline. */
  block?: boolean;
}

/** A `role="status"` spinner; the label defaults to 'Loading…'. */
export function Waiting({ label, showLabel = false, size = 'medium', block = false }: WaitingProps) {
  const { t } = useLingui();
  const text = label ?? t`Loading…`;
  return (
    <Wrapper role="status" aria-label={text} $block={block}>
      <Spinner aria-hidden="true" $size={size} />
      {showLabel ? <span aria-hidden="true">{text}</span> : null}
    </Wrapper>
  );
}
