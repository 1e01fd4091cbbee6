/**
 * Forgotten passwords (docs/product.md#screens-and-routes /reset-password): `RequestResetForm` mails a link; `NewPasswordForm`
 * sets the new password with the link's token, shows the server's message and hands back to login.
 */
import { useRequestReset } from '@conversa/data/users/request-reset';
import { useResetPassword } from '@conversa/data/users/reset-password';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { EmailField } from '../../components/email-field/email-field';
import { notifySuccess } from '../../components/toaster/toaster';
import { Actions, Card, FormAlert, FormNotice, Intro, SubmitForm } from '../../forms/form-layout';
import { NewPasswordFields } from '../../forms/new-password-fields';
import { EmailFormSchema, PasswordFormSchema } from '../../forms/schemas';
import { useForm } from '../../forms/use-form';
import { successMessage } from '../../i18n/codes';

const Shell = styled(Card)`
  width: 100%;
  max-width: 30rem;
`;

const Title = styled.h1`
  margin: 0;
  font-size: 1.5rem;
  font-weight: 700;
`;

export interface RequestResetFormProps {
  onBackToLogin(): void;
}

/** E-mail required and valid; after sending, the server's message (the same whether or not the account exists). */
export function RequestResetForm({ onBackToLogin }: RequestResetFormProps) {
  const { t, i18n } = useLingui();
  const form = useForm(EmailFormSchema, { email: '' });
  const request = useRequestReset();
  const [sent, setSent] = useState<string | null>(null);

  const submit = form.submit(async (values) => {
    try {
      const answer = await request.trigger({ email: values.email.trim() });
      setSent(successMessage(answer.code, answer.message, i18n));
    } catch (error) {
      form.fail(error);
    }
  });

  return (
    <Shell>
      <Title>{t`Reset your password`}</Title>
      {sent ? (
        <>
          <FormNotice>{sent}</FormNotice>
          <Actions>
            <Button onClick={onBackToLogin}>{t`Back to login`}</Button>
          </Actions>
        </>
      ) : (
        <SubmitForm onSubmit={submit}>
          <Intro>{t`Enter the email of your account and we will send you a link to choose a new password.`}</Intro>
          {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
          <EmailField whose="own" required {...form.bind('email')} waiting={request.isMutating} />
          <Actions>
            <Button type="submit" waiting={request.isMutating}>
              {t`Send reset link`}
            </Button>
            <Button variant="ghost" disabled={request.isMutating} onClick={onBackToLogin}>
              {t`Back to login`}
            </Button>
          </Actions>
        </SubmitForm>
      )}
    </Shell>
  );
}

export interface NewPasswordFormProps {
  /** The `token` query parameter of the mailed link. */
  token: string;
  /** The password was reset: the app goes to login (the message stays as a toast). */
  onDone(): void;
}

/** Password (docs/product.md#validation rules, live checklist) and its repeat; `POST user/password/reset`. */
export function NewPasswordForm({ token, onDone }: NewPasswordFormProps) {
  const { t, i18n } = useLingui();
  const form = useForm(PasswordFormSchema, { password: '', repeat: '' });
  const reset = useResetPassword();
  const [done, setDone] = useState<string | null>(null);

  const submit = form.submit(async ({ password }) => {
    try {
      const answer = await reset.trigger({ verification_token: token, password });
      const message = successMessage(answer.code, answer.message, i18n);
      setDone(message);
      notifySuccess(message);
      onDone();
    } catch (error) {
      form.fail(error);
    }
  });

  return (
    <Shell>
      <Title>{t`Choose a new password`}</Title>
      {done ? (
        <FormNotice>{done}</FormNotice>
      ) : (
        <SubmitForm onSubmit={submit} error={form.formError}>
          <NewPasswordFields
            form={form}
            name="password"
            label={t`New password`}
            repeatLabel={t`Repeat password`}
            waiting={reset.isMutating}
          />
          <Actions>
            <Button type="submit" waiting={reset.isMutating}>
              {t`Save password`}
            </Button>
          </Actions>
        </SubmitForm>
      )}
    </Shell>
  );
}
