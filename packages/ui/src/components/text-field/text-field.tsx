/** A labelled single-line (or multi-line) text input with hint, error and waiting states. */
import { type InputHTMLAttributes, type ReactNode, type RefCallback, useId } from 'react';
import styled from 'styled-components';
import { type ControlSize, Input, TextArea } from '../../primitives/control';
import { describedBy, Field } from '../../primitives/field';
import { Waiting } from '../waiting/waiting';

const Box = styled.div`
  position: relative;
  display: flex;
  align-items: center;
`;

const Adornment = styled.span`
  position: absolute;
  right: ${({ theme }) => theme.space(3)};
  display: inline-flex;
`;

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'onBlur' | 'value' | 'size' | 'children'
>;

export interface TextFieldProps extends NativeProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  hint?: ReactNode;
  /** A translated message; marks the input invalid. */
  error?: ReactNode;
  /** The value is still loading: the input is read-only and shows a spinner. */
  waiting?: boolean;
  size?: ControlSize;
  /** A resizable text area instead of an input. */
  multiline?: boolean;
  rows?: number;
  /** The input, for a form to focus it when it is invalid. */
  ref?: RefCallback<HTMLElement>;
}

/** Controlled: `value` in, `onChange(value)` out. */
export function TextField({
  label,
  value,
  onChange,
  onBlur,
  hint,
  error,
  waiting = false,
  size = 'medium',
  multiline = false,
  rows = 4,
  id: givenId,
  required,
  disabled,
  ref,
  ...rest
}: TextFieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const common = {
    ref,
    id,
    value,
    required,
    disabled,
    readOnly: waiting || rest.readOnly,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, hint, error),
    'aria-busy': waiting || undefined,
    $size: size,
  } as const;
  return (
    <Field id={id} label={label} hint={hint} error={error} required={required}>
      <Box>
        {multiline ? (
          <TextArea
            {...common}
            rows={rows}
            name={rest.name}
            placeholder={rest.placeholder}
            maxLength={rest.maxLength}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
          />
        ) : (
          <Input {...rest} {...common} onChange={(event) => onChange(event.target.value)} onBlur={onBlur} />
        )}
        {waiting ? (
          <Adornment>
            <Waiting size="small" />
          </Adornment>
        ) : null}
      </Box>
    </Field>
  );
}
