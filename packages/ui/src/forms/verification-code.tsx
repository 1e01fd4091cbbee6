/**
 * The 6-digit code mailed to an address (sign-up, or proving an account's address before joining
 * an institution): its field, digits only, and the line under it that counts down to when a new
 * code may be asked for, then offers one.
 */
import { VERIFICATION_CODE_LENGTH } from '@conversa/contract/constants';
import { useLingui } from '@lingui/react/macro';
import { TextField } from '../components/text-field/text-field';
import { Intro, LinkButton } from './form-layout';
import type { BoundField } from './use-form';

export interface VerificationCodeProps {
  /** The form's `bind('code')`; `onChange` gets digits only. */
  field: BoundField;
  /** A message for the field, replacing the bound one when given. */
  error?: string;
  /** Seconds before a new code may be asked for (`useCountdown`). */
  left: number;
  resending: boolean;
  onResend: () => void;
}

export function VerificationCode({ field, error, left, resending, onResend }: VerificationCodeProps) {
  const { t } = useLingui();
  return (
    <>
      <TextField
        label={t`Verification code`}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={VERIFICATION_CODE_LENGTH}
        required
        {...field}
        error={error ?? field.error}
        onChange={(value) => field.onChange(value.replace(/\D/g, ''))}
      />
      <Intro aria-live="polite">
        {left > 0 ? (
          t`You can ask for a new code in ${left} s.`
        ) : (
          <LinkButton disabled={resending} onClick={onResend}>
            {t`Send me a new code`}
          </LinkButton>
        )}
      </Intro>
    </>
  );
}
