/** Creates the account: the mailed code plus a new password meeting the docs/product.md#validation rules. */
import type { Session } from '@conversa/contract/auth';
import { ErrorCode } from '@conversa/contract/codes';
import { isApiRequestError } from '@conversa/data/errors';
import { useCreatePassword } from '@conversa/data/users/create-password';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/button/button';
import { Actions, FormAlert, Intro, SubmitForm } from '../../../forms/form-layout';
import { NewPasswordFields } from '../../../forms/new-password-fields';
import { PasswordFormSchema } from '../../../forms/schemas';
import { useForm } from '../../../forms/use-form';
import { useFailureText } from '../../../forms/use-failure-text';
import { type OnBusy, whileBusy } from './busy';

const CODE_ERRORS = new Set<string>([ErrorCode.invalidVerificationCode, ErrorCode.verificationCodeExpired]);

export interface PasswordStepProps {
  email: string;
  code: string;
  onCreated: (session: Session) => void;
  /** The server refused the code: back to the code step with this message. */
  onCodeRefused: (message: string) => void;
  onBack: () => void;
  onBusy: OnBusy;
}

/** `POST user/create-password`; the account is created and signed in. */
export function PasswordStep({ email, code, onCreated, onCodeRefused, onBack, onBusy }: PasswordStepProps) {
  const { t } = useLingui();
  const errorText = useFailureText();
  const form = useForm(PasswordFormSchema, { password: '', repeat: '' });
  const create = useCreatePassword();

  const submit = form.submit(async ({ password }) => {
    try {
      const session = await whileBusy(onBusy, () => create.trigger({ email, code, password }));
      onCreated(session);
    } catch (error) {
      if (isApiRequestError(error) && CODE_ERRORS.has(error.code)) return onCodeRefused(errorText(error));
      form.fail(error);
    }
  });

  return (
    <SubmitForm onSubmit={submit}>
      <Intro>{t`Choose a password for ${email}.`}</Intro>
      {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
      <NewPasswordFields
        form={form}
        name="password"
        label={t`Password`}
        repeatLabel={t`Repeat password`}
        waiting={create.isMutating}
      />
      <Actions>
        <Button type="submit" waiting={create.isMutating}>
          {t`Create account`}
        </Button>
        <Button variant="ghost" disabled={create.isMutating} onClick={onBack}>
          {t`Back`}
        </Button>
      </Actions>
    </SubmitForm>
  );
}
