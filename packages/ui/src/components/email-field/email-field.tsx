/**
 * An e-mail address field: labelled 'Email' unless told otherwise, the e-mail keyboard on phones,
 * and the browser's autofill told whose address it is.
 */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { TextField, type TextFieldProps } from '../text-field/text-field';

export interface EmailFieldProps extends Omit<
  TextFieldProps,
  'type' | 'label' | 'autoComplete' | 'multiline'
> {
  /** 'Email' by default. */
  label?: ReactNode;
  /**
   * Whose address: the user's own (`email`; `username` where it signs in), or someone else's
   * (`off`: a lead's, a colleague's), which autofill must not offer the user's own for.
   */
  whose: 'own' | 'sign-in' | 'other';
}

const autoComplete = { own: 'email', 'sign-in': 'username', other: 'off' } as const;

export function EmailField({ label, whose, name = 'email', ...rest }: EmailFieldProps) {
  const { t } = useLingui();
  return (
    <TextField
      {...rest}
      label={label ?? t`Email`}
      name={name}
      type="email"
      autoComplete={autoComplete[whose]}
    />
  );
}
