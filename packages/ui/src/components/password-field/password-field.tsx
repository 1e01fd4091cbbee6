/** A password input with a show/hide toggle and, for new passwords, a live checklist of the rules. */
import { PASSWORD_MIN_LENGTH } from '@conversa/contract/constants';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, type RefCallback, useId, useState } from 'react';
import styled from 'styled-components';
import { type ControlSize, Input } from '../../primitives/control';
import { describedBy, Field } from '../../primitives/field';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { type PasswordRule, passwordRules } from './password-rules';
import { StackList } from '../../primitives/stack-list';

const Box = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  & > input {
    padding-right: 5.5rem;
  }
`;

const Toggle = styled.button`
  position: absolute;
  right: ${({ theme }) => theme.space(1)};
  min-height: calc(100% - 0.5rem);
  padding: 0 ${({ theme }) => theme.space(2)};
  border: none;
  border-radius: ${({ theme }) => theme.radiusSmall};
  background: transparent;
  color: ${({ theme }) => theme.colors.primary};
  font-size: 0.8125rem;
  font-weight: 600;
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.hover};
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }
`;

const Checklist = styled(StackList).attrs({ $gap: 1 })`
  font-size: 0.8125rem;
`;

const Rule = styled.li<{ $met: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme, $met }) => ($met ? theme.colors.success : theme.colors.textMuted)};
  &::before {
    content: '${({ $met }) => ($met ? '✓' : '•')}';
    display: inline-block;
    width: 1rem;
    text-align: center;
    font-weight: 700;
  }
`;

export interface PasswordFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Shows the live checklist of the docs/product.md#validation rules (for new passwords). */
  checklist?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** The form is being sent: the input is read-only. */
  waiting?: boolean;
  autoComplete?: 'current-password' | 'new-password';
  name?: string;
  id?: string;
  size?: ControlSize;
  /** The input, for a form to focus it when it is invalid. */
  ref?: RefCallback<HTMLElement>;
}

/** Controlled: `value` in, `onChange(value)` out. */
export function PasswordField({
  label,
  value,
  onChange,
  onBlur,
  checklist = false,
  hint,
  error,
  required,
  disabled,
  waiting = false,
  autoComplete = checklist ? 'new-password' : 'current-password',
  name,
  id: givenId,
  size = 'medium',
  ref,
}: PasswordFieldProps) {
  const { t } = useLingui();
  const autoId = useId();
  const id = givenId ?? autoId;
  const [visible, setVisible] = useState(false);
  const min = PASSWORD_MIN_LENGTH;
  const ruleText: Record<PasswordRule, string> = {
    length: t`At least ${min} characters`,
    number: t`At least one number`,
    uppercase: t`At least one uppercase letter`,
  };
  const checklistId = `${id}-rules`;
  const described = [describedBy(id, hint, error), checklist ? checklistId : null].filter(Boolean).join(' ');
  return (
    <Field id={id} label={label} hint={hint} error={error} required={required}>
      <Box>
        <Input
          ref={ref}
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          value={value}
          required={required}
          disabled={disabled}
          readOnly={waiting}
          aria-busy={waiting || undefined}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          spellCheck={false}
          $size={size}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
        <Toggle
          type="button"
          aria-controls={id}
          aria-label={visible ? t`Hide password` : t`Show password`}
          disabled={disabled}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? t`Hide` : t`Show`}
        </Toggle>
      </Box>
      {checklist ? (
        <Checklist id={checklistId} aria-label={t`Password requirements`}>
          {passwordRules(value).map(({ rule, met }) => (
            <Rule key={rule} $met={met} data-met={met}>
              {ruleText[rule]}
              <VisuallyHidden>{met ? t`(done)` : t`(missing)`}</VisuallyHidden>
            </Rule>
          ))}
        </Checklist>
      ) : null}
    </Field>
  );
}
