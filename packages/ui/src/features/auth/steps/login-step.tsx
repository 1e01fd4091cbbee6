/** Log in with e-mail and password. */
import type { Session } from '@conversa/contract/auth';
import { useLogin } from '@conversa/data/auth/login';
import { useLingui } from '@lingui/react/macro';
import type { MouseEvent } from 'react';
import { Button } from '../../../components/button/button';
import { PasswordField } from '../../../components/password-field/password-field';
import { EmailField } from '../../../components/email-field/email-field';
import { Actions, SubmitForm, TextLink } from '../../../forms/form-layout';
import { LoginFormSchema } from '../../../forms/schemas';
import { useForm } from '../../../forms/use-form';
import { type OnBusy, whileBusy } from './busy';

export interface LoginStepProps {
  email: string;
  onSignedIn: (session: Session) => void;
  onBack: () => void;
  onBusy: OnBusy;
  /** Where 'Forgot your password?' points (default `/reset-password`). */
  forgotPasswordHref?: string;
  /** Called instead of following the link, when the app routes itself. */
  onForgotPassword?: () => void;
}

/** `POST auth/login`; a wrong password shows the server's message above the form. */
export function LoginStep({
  email,
  onSignedIn,
  onBack,
  onBusy,
  forgotPasswordHref = '/reset-password',
  onForgotPassword,
}: LoginStepProps) {
  const { t } = useLingui();
  const form = useForm(LoginFormSchema, { email, password: '' });
  const login = useLogin();

  const submit = form.submit(async (values) => {
    try {
      const session = await whileBusy(onBusy, () =>
        login.trigger({ email: values.email.trim(), password: values.password }),
      );
      onSignedIn(session);
    } catch (error) {
      form.fail(error);
    }
  });

  const forgot = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onForgotPassword) return;
    event.preventDefault();
    onForgotPassword();
  };

  return (
    <SubmitForm onSubmit={submit} error={form.formError}>
      <EmailField whose="sign-in" required {...form.bind('email')} waiting={login.isMutating} />
      <PasswordField
        label={t`Password`}
        name="password"
        required
        {...form.bind('password')}
        waiting={login.isMutating}
      />
      <TextLink href={forgotPasswordHref} onClick={forgot}>
        {t`Forgot your password?`}
      </TextLink>
      <Actions>
        <Button type="submit" waiting={login.isMutating}>
          {t`Log in`}
        </Button>
        <Button variant="ghost" disabled={login.isMutating} onClick={onBack}>
          {t`Back`}
        </Button>
      </Actions>
    </SubmitForm>
  );
}
