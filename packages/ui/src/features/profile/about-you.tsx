/** Profile page "About you" (docs/product.md#screens-and-routes /profile/about-you): the signed-in user's own details. */
import type { Profile } from '@conversa/contract/profile';
import { useValidateToken } from '@conversa/data/auth/validate-token';
import { useSession } from '@conversa/data/provider';
import { useUpdateProfile } from '@conversa/data/users/update-profile';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/button/button';
import { EmailField } from '../../components/email-field/email-field';
import { ProfileFields } from '../../components/profile-fields/profile-fields';
import { notifySuccess } from '../../components/toaster/toaster';
import { Waiting } from '../../components/waiting/waiting';
import { profileBody, profileValues } from '../../forms/bodies';
import { useCountryOptions } from '../../forms/use-country-options';
import { LoadFailed } from '../../forms/load-failed';
import { Actions, Card, Page, PageTitle, SubmitForm } from '../../forms/form-layout';
import { ProfileFormSchema } from '../../forms/profile-schemas';
import { useForm } from '../../forms/use-form';
import { successNotices } from '../../i18n/notices';
import { useFailureText } from '../../forms/use-failure-text';

/** Waits for the session's profile (refreshed by `auth/validate-token`), then the form. */
export function AboutYouPage() {
  const { t } = useLingui();
  const session = useSession();
  const check = useValidateToken();
  const failureText = useFailureText();
  let content;
  if (session.profile) content = <AboutYouForm key={session.user?.id} profile={session.profile} />;
  else if (check.error) {
    content = <LoadFailed message={failureText(check.error)} onRetry={() => void check.mutate()} />;
  } else content = <Waiting block size="large" label={t`Loading your profile…`} />;
  return (
    <Page aria-labelledby="about-you-title">
      <PageTitle id="about-you-title">{t`About you`}</PageTitle>
      {content}
    </Page>
  );
}

function AboutYouForm({ profile }: { profile: Profile }) {
  const { t } = useLingui();
  const form = useForm(ProfileFormSchema, profileValues(profile));
  const countries = useCountryOptions();
  const update = useUpdateProfile();

  const submit = form.submit(async (values) => {
    try {
      await update.trigger(profileBody(values, profile.locale));
      notifySuccess(successNotices.profileUpdated);
    } catch (error) {
      form.fail(error);
    }
  });

  return (
    <Card>
      <SubmitForm onSubmit={submit} error={form.formError}>
        <EmailField whose="own" value={profile.email} readOnly onChange={() => undefined} />
        <ProfileFields
          withLocation
          values={form.values}
          onChange={form.set}
          errors={form.errors}
          {...countries.fields}
          waiting={update.isMutating}
        />
        <Actions>
          <Button type="submit" waiting={update.isMutating}>
            {t`Save changes`}
          </Button>
        </Actions>
      </SubmitForm>
    </Card>
  );
}
