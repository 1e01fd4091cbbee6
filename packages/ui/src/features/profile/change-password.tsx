/** Profile page "Password" (docs/product.md#screens-and-routes /profile/password): current, new and repeated password. */
import { ErrorCode } from '@conversa/contract/codes';
import { isApiRequestError } from '@conversa/data/errors';
import { useChangePassword } from '@conversa/data/users/change-password';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/button/button';
import { PasswordField } from '../../components/password-field/password-field';
import { notifySuccess } from '../../components/toaster/toaster';
import { Actions, Card, Page, PageTitle, SubmitForm } from '../../forms/form-layout';
import { NewPasswordFields } from '../../forms/new-password-fields';
import { ChangePasswordFormSchema } from '../../forms/schemas';
import { useForm } from '../../forms/use-form';
import { successNotices } from '../../i18n/notices';
import { useFailureText } from '../../forms/use-failure-text';

const EMPTY = { current_password: '', new_password: '', repeat: '' };

/** `POST user/change-password`: other sessions end, this one stays; a wrong current password shows under its field. */
export function ChangePasswordPage() {
  const { t } = useLingui();
  const failureText = useFailureText();
  const form = useForm(ChangePasswordFormSchema, EMPTY);
  const change = useChangePassword();

  const submit = form.submit(async ({ current_password, new_password }) => {
    try {
      await change.trigger({ current_password, new_password });
      form.reset(EMPTY);
      notifySuccess(successNotices.passwordUpdated);
    } catch (error) {
      if (isApiRequestError(error) && error.code === ErrorCode.wrongCurrentPassword) {
        form.setError('current_password', { type: 'server', message: failureText(error) });
      } else form.fail(error);
    }
  });

  return (
    <Page aria-labelledby="change-password-title">
      <PageTitle id="change-password-title">{t`Password`}</PageTitle>
      <Card>
        <SubmitForm onSubmit={submit} error={form.formError}>
          <PasswordField
            label={t`Current password`}
            name="current_password"
            required
            {...form.bind('current_password')}
            waiting={change.isMutating}
          />
          <NewPasswordFields
            form={form}
            name="new_password"
            label={t`New password`}
            repeatLabel={t`Repeat new password`}
            waiting={change.isMutating}
          />
          <Actions>
            <Button type="submit" waiting={change.isMutating}>
              {t`Update password`}
            </Button>
          </Actions>
        </SubmitForm>
      </Card>
    </Page>
  );
}
