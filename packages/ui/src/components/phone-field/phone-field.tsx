/** A phone number input validated on blur, which hands out the E.164 form once valid. */
import { ValidationCode } from '@conversa/contract/codes';
import { useLingui } from '@lingui/react';
import { type ReactNode, useState } from 'react';
import { validationMessage } from '../../i18n/codes';
import { TextField } from '../text-field/text-field';
import { type CountryCode, toE164 } from './phone';

export interface PhoneFieldProps {
  label: ReactNode;
  value: string;
  /** Every keystroke; on blur a valid number comes back normalised to E.164. */
  onChange: (value: string) => void;
  /** Numbers without a `+` prefix are read as national numbers of this country. */
  defaultCountry?: CountryCode;
  hint?: ReactNode;
  /** An error from outside (e.g. the server's); shown instead of the local check. */
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  waiting?: boolean;
  name?: string;
  id?: string;
  placeholder?: string;
}

/** Shows 'Invalid phone number.' after leaving a non-empty field that is not a valid number. */
export function PhoneField({
  label,
  value,
  onChange,
  defaultCountry,
  hint,
  error,
  placeholder = '+34 600 000 000',
  ...rest
}: PhoneFieldProps) {
  const { i18n } = useLingui();
  const [invalid, setInvalid] = useState(false);
  const check = () => {
    if (value.trim() === '') return setInvalid(false);
    const e164 = toE164(value, defaultCountry);
    setInvalid(e164 === null);
    if (e164 && e164 !== value) onChange(e164);
  };
  const local = invalid ? validationMessage(ValidationCode.invalidPhone, {}, i18n) : undefined;
  return (
    <TextField
      {...rest}
      label={label}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={placeholder}
      value={value}
      hint={hint}
      error={error ?? local}
      onChange={(next) => {
        if (invalid && toE164(next, defaultCountry)) setInvalid(false);
        onChange(next);
      }}
      onBlur={check}
    />
  );
}
