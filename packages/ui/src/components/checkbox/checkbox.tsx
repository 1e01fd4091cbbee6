/** A native checkbox with its label, an optional description and an error. */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import styled from 'styled-components';
import { ErrorText, Hint } from '../../primitives/field';

const Row = styled.div`
  display: grid;
  grid-template-columns: auto 1fr;
  column-gap: ${({ theme }) => theme.space(2.5)};
  row-gap: ${({ theme }) => theme.space(0.5)};
  align-items: start;
`;

const Box = styled.input`
  width: 1.125rem;
  height: 1.125rem;
  margin: 0.1875rem 0 0;
  accent-color: ${({ theme }) => theme.colors.primary};
  cursor: pointer;
  &:disabled {
    cursor: not-allowed;
  }
`;

const Text = styled.label<{ $disabled: boolean }>`
  font-size: 0.9375rem;
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  opacity: ${({ $disabled }) => ($disabled ? 0.6 : 1)};
`;

const Below = styled.div`
  grid-column: 2;
`;

export interface CheckboxProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  description?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  /** Some but not all of a group are checked (e.g. "select all" in a table). */
  indeterminate?: boolean;
  required?: boolean;
  name?: string;
  id?: string;
}

/** Controlled: `checked` in, `onChange(checked)` out. */
export function Checkbox({
  label,
  checked,
  onChange,
  description,
  error,
  disabled = false,
  indeterminate = false,
  required,
  name,
  id: givenId,
}: CheckboxProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  const described = [description ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <Row>
      <Box
        ref={ref}
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <Text htmlFor={id} $disabled={disabled}>
        {label}
      </Text>
      {description || error ? (
        <Below>
          {description ? <Hint id={`${id}-hint`}>{description}</Hint> : null}
          {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
        </Below>
      ) : null}
    </Row>
  );
}
