/** The 6-digit code mailed at sign-up, with a timer before a new code may be asked for. */
import { VERIFICATION_CODE_LENGTH } from '@conversa/contract/constants';
import { useRegisterByEmail } from '@conversa/data/users/register-by-email';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../../components/button/button';
import { Actions, Form, FormAlert, FormNotice, Intro } from '../../../forms/form-layout';
import { CodeFormSchema } from '../../../forms/schemas';
import { useForm } from '../../../forms/use-form';
import { VerificationCode } from '../../../forms/verification-code';
import { type OnBusy, whileBusy } from './busy';
import { useCountdown } from '../../../forms/use-countdown';

export interface CodeStepProps {
  email: string;
  code: string;
  /** Seconds before a new code may be asked for, from the last send. */
  resendAfterSeconds: number;
  /** Changes on every send, restarting the timer. */
  sentCount: number;
  /** A message for the code field (e.g. the server refused the code at the next step). */
  codeError?: string;
  onCode: (code: string) => void;
  onResent: (resendAfterSeconds: number) => void;
  onChangeEmail: () => void;
  onBusy: OnBusy;
}

/** The code is checked with the password at the next step (`POST user/create-password`). */
export function CodeStep({
  email,
  code,
  resendAfterSeconds,
  sentCount,
  codeError,
  onCode,
  onResent,
  onChangeEmail,
  onBusy,
}: CodeStepProps) {
  const { t } = useLingui();
  const form = useForm(CodeFormSchema, { code });
  const [resent, setResent] = useState(false);
  const register = useRegisterByEmail();
  const left = useCountdown(resendAfterSeconds, sentCount);
  const error = form.errors.code ?? (form.values.code === code ? codeError : undefined);

  const submit = form.submit((values) => onCode(values.code.trim()));

  const resend = async () => {
    setResent(false);
    try {
      const sent = await whileBusy(onBusy, () => register.trigger({ email }));
      setResent(true);
      onResent(sent.resend_after_seconds);
    } catch (failure) {
      form.fail(failure);
    }
  };

  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Intro>{t`We sent a ${VERIFICATION_CODE_LENGTH}-digit code to ${email}. Enter it below to verify your email.`}</Intro>
      {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
      {resent ? <FormNotice>{t`We sent you a new code.`}</FormNotice> : null}
      <VerificationCode
        field={form.bind('code')}
        error={error}
        left={left}
        resending={register.isMutating}
        onResend={() => void resend()}
      />
      <Actions>
        <Button type="submit" disabled={register.isMutating}>
          {t`Continue`}
        </Button>
        <Button variant="ghost" disabled={register.isMutating} onClick={onChangeEmail}>
          {t`Use another email`}
        </Button>
      </Actions>
    </Form>
  );
}
