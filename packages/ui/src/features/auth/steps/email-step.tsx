/** E-mail: an existing account goes on to the password; a new one gets a sign-up code mailed. */
import { ErrorCode } from '@conversa/contract/codes';
import { isApiRequestError } from '@conversa/data/errors';
import { useCheckEmail } from '@conversa/data/users/check-email';
import { useRegisterByEmail } from '@conversa/data/users/register-by-email';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/button/button';
import { EmailField } from '../../../components/email-field/email-field';
import { Actions, FormAlert, Intro, SubmitForm } from '../../../forms/form-layout';
import { EmailFormSchema } from '../../../forms/schemas';
import { useForm } from '../../../forms/use-form';
import { type OnBusy, whileBusy } from './busy';

export interface EmailStepProps {
  email: string;
  /** The address has an account: log in. */
  onExisting: (email: string) => void;
  /** A code was mailed; the resend timer starts from `resendAfterSeconds`. */
  onCodeSent: (email: string, resendAfterSeconds: number) => void;
  onBack: () => void;
  onBusy: OnBusy;
}

/** `POST user/check-email`, then `POST user/register-by-email` for new addresses. */
export function EmailStep({ email, onExisting, onCodeSent, onBack, onBusy }: EmailStepProps) {
  const { t } = useLingui();
  const form = useForm(EmailFormSchema, { email });
  const check = useCheckEmail();
  const register = useRegisterByEmail();
  const waiting = check.isMutating || register.isMutating;

  const submit = form.submit(async (values) => {
    const address = values.email.trim().toLowerCase();
    try {
      const { exists } = await whileBusy(onBusy, () => check.trigger({ email: address }));
      if (exists) return onExisting(address);
      const sent = await whileBusy(onBusy, () => register.trigger({ email: address }));
      onCodeSent(address, sent.resend_after_seconds);
    } catch (error) {
      // Someone finished signing up with this address meanwhile: it is a login now.
      if (isApiRequestError(error) && error.code === ErrorCode.emailTaken) return onExisting(address);
      form.fail(error);
    }
  });

  return (
    <SubmitForm onSubmit={submit}>
      <Intro>{t`Enter your work email. If you are new here, we will send you a code to create your account.`}</Intro>
      {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
      <EmailField whose="own" required {...form.bind('email')} waiting={waiting} />
      <Actions>
        <Button type="submit" waiting={waiting}>
          {t`Continue`}
        </Button>
        <Button variant="ghost" disabled={waiting} onClick={onBack}>
          {t`Back`}
        </Button>
      </Actions>
    </SubmitForm>
  );
}
