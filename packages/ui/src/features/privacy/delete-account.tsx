/**
 * Deleting one's own account (issue 36), on the About you page: the password, the institutions
 * that go with it (where the user is the only member) named before confirming, and the ones that
 * stop it (the user is their last main administrator and others remain).
 */
import { useAccountDeletion, useDeleteAccount } from '@conversa/data/privacy/deletions';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../components/button/button';
import { PasswordField } from '../../components/password-field/password-field';
import { Card, FormAlert, Intro, SectionHeading, SubmitForm, Actions } from '../../forms/form-layout';
import { formErrors } from '../../forms/field-errors';

export interface DeleteAccountSectionProps {
  /** Called once the account is gone (the session has ended). */
  onDeleted: () => void;
}

export function DeleteAccountSection({ onDeleted }: DeleteAccountSectionProps) {
  const { t, i18n } = useLingui();
  const [asked, setAsked] = useState(false);
  const { data: deletion } = useAccountDeletion(asked);
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ fields: Record<string, string>; form: string | null } | null>(null);

  const submit = async () => {
    if (!deletion) return;
    setError(null);
    try {
      await remove.trigger({ password, confirmInstitutions: deletion.alone.map((row) => row.id) });
      onDeleted();
    } catch (caught) {
      setError(formErrors(caught, ['password'], i18n));
    }
  };

  const names = (rows: { name: string }[]) => rows.map((row) => row.name).join(', ');

  return (
    <Card as="section" aria-labelledby="delete-account-title">
      <SectionHeading id="delete-account-title">{t`Delete your account`}</SectionHeading>
      <Intro>{t`Your profile, sign-ins and memberships go for good.`}</Intro>
      {!asked ? (
        <div>
          <Button variant="danger" onClick={() => setAsked(true)}>{t`Delete my account`}</Button>
        </div>
      ) : deletion ? (
        <SubmitForm onSubmit={submit} error={error?.form}>
          {deletion.blocked.length > 0 ? (
            <FormAlert>
              {t`You are the last main administrator of ${names(deletion.blocked)}, which has other members. Make one of them main first.`}
            </FormAlert>
          ) : null}
          {deletion.alone.length > 0 ? (
            <p>{t`You are the only member of ${names(deletion.alone)}: it is deleted with your account, with everything it holds.`}</p>
          ) : null}
          {deletion.has_password ? (
            <PasswordField
              label={t`Your password`}
              value={password}
              onChange={setPassword}
              checklist={false}
              autoComplete="current-password"
              error={error?.fields.password}
            />
          ) : (
            <FormAlert>
              {t`Your account signs in with Google or Microsoft. Set a password first (Forgot password) to confirm the deletion.`}
            </FormAlert>
          )}
          <Actions>
            <Button variant="secondary" onClick={() => setAsked(false)}>{t`Cancel`}</Button>
            <Button
              type="submit"
              variant="danger"
              waiting={remove.isMutating}
              disabled={deletion.blocked.length > 0 || !deletion.has_password || password === ''}
            >
              {t`Delete my account for good`}
            </Button>
          </Actions>
        </SubmitForm>
      ) : null}
    </Card>
  );
}
