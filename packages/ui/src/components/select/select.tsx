/** A labelled native `<select>`: accessible everywhere, native pickers on mobile. */
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import styled from 'styled-components';
import { type ControlSize, controlStyle } from '../../primitives/control';
import { describedBy, Field } from '../../primitives/field';
import { Waiting } from '../waiting/waiting';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

const Box = styled.div`
  position: relative;
  display: flex;
  align-items: center;
`;

const NativeSelect = styled.select<{ $size?: ControlSize }>`
  ${controlStyle}
  appearance: none;
  padding-right: ${({ theme }) => theme.space(9)};
  cursor: pointer;
`;

const Chevron = styled.span`
  position: absolute;
  right: ${({ theme }) => theme.space(3)};
  display: inline-flex;
  pointer-events: none;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface SelectProps {
  label: ReactNode;
  options: SelectOption[];
  /** The chosen option's value; '' when nothing is chosen. */
  value: string;
  onChange: (value: string) => void;
  /** Shown (and not choosable again) while nothing is chosen. */
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** The options are still loading. */
  waiting?: boolean;
  size?: ControlSize;
  name?: string;
  id?: string;
}

/** Controlled: `value` in, `onChange(value)` out. No options → disabled with 'No options available'. */
export function Select({
  label,
  options,
  value,
  onChange,
  placeholder,
  hint,
  error,
  required,
  disabled,
  waiting = false,
  size = 'medium',
  name,
  id: givenId,
}: SelectProps) {
  const { t } = useLingui();
  const autoId = useId();
  const id = givenId ?? autoId;
  const empty = !waiting && options.length === 0;
  const prompt = waiting ? t`Loading…` : empty ? t`No options available` : placeholder;
  return (
    <Field id={id} label={label} hint={hint} error={error} required={required}>
      <Box>
        <NativeSelect
          id={id}
          name={name}
          value={waiting || empty ? '' : value}
          required={required}
          disabled={disabled || waiting || empty}
          aria-busy={waiting || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          $size={size}
          onChange={(event) => onChange(event.target.value)}
        >
          {prompt !== undefined && (value === '' || waiting || empty) ? (
            <option value="" disabled>
              {prompt}
            </option>
          ) : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
        <Chevron aria-hidden="true">{waiting ? <Waiting size="small" /> : '▾'}</Chevron>
      </Box>
    </Field>
  );
}
