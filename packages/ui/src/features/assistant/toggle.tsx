/** An on/off switch with a visible label and description (Headless UI's Switch, keyboard: Space). */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Description, Field, Label, Switch } from '../../components/headless/headless';
import { Waiting } from '../../components/waiting/waiting';

const Row = styled(Field)`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
`;

const Track = styled(Switch)`
  position: relative;
  flex: none;
  width: 2.75rem;
  height: 1.5rem;
  margin-top: 0.125rem;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.hover};
  cursor: pointer;
  transition: background-color 120ms ease;
  &::after {
    content: '';
    position: absolute;
    top: 0.125rem;
    left: 0.125rem;
    width: 1.125rem;
    height: 1.125rem;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.borderStrong};
    transition: transform 120ms ease;
  }
  &[data-checked] {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primary};
  }
  &[data-checked]::after {
    transform: translateX(1.25rem);
    background: ${({ theme }) => theme.colors.onPrimary};
  }
  &[data-focus] {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  &[data-disabled] {
    cursor: not-allowed;
    opacity: 0.55;
  }
`;

const Text = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
`;

const Name = styled(Label)`
  font-size: 0.875rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &[data-disabled] {
    cursor: not-allowed;
  }
`;

const Explanation = styled(Description)`
  margin: 0;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const LabelRow = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

export interface ToggleProps {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** The change is being saved. */
  waiting?: boolean;
}

/** `role="switch"` named by its label and described by its description (Headless UI wires the ids). */
export function Toggle({
  label,
  description,
  checked,
  onChange,
  disabled = false,
  waiting = false,
}: ToggleProps) {
  return (
    <Row disabled={disabled || waiting}>
      <Track checked={checked} onChange={onChange} aria-busy={waiting || undefined} />
      <Text>
        <LabelRow>
          <Name>{label}</Name>
          {waiting ? <Waiting size="small" /> : null}
        </LabelRow>
        {description ? <Explanation>{description}</Explanation> : null}
      </Text>
    </Row>
  );
}
