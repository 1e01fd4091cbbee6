/** Onboarding: the new user's name, phone and position (saved to the profile). */
import { useSession } from '@conversa/data/provider';
import { useUpdateProfile } from '@conversa/data/users/update-profile';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/button/button';
import { ProfileFields } from '../../../components/profile-fields/profile-fields';
import { isLocale } from '../../../i18n/locale';
import { Actions, FormAlert, Intro, SubmitForm } from '../../../forms/form-layout';
import { profileBody, profileValues } from '../../../forms/bodies';
import { ProfileFormSchema } from '../../../forms/profile-schemas';
import { useForm } from '../../../forms/use-form';
import { type OnBusy, whileBusy } from './busy';

export interface AboutYouStepProps {
  onSaved: () => void;
  onBusy: OnBusy;
}

/** `PUT user/{id}/profile`, keeping the language and anything sign-up does not ask for. */
export function AboutYouStep({ onSaved, onBusy }: AboutYouStepProps) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const form = useForm(ProfileFormSchema, profileValues(session.profile));
  const update = useUpdateProfile();

  const submit = form.submit(async (values) => {
    const locale = session.profile?.locale ?? (isLocale(i18n.locale) ? i18n.locale : 'en');
    try {
      await whileBusy(onBusy, () => update.trigger(profileBody(values, locale)));
      onSaved();
    } catch (error) {
      form.fail(error);
    }
  });

  return (
    <SubmitForm onSubmit={submit}>
      <Intro>{t`Tell us about yourself, so your assistant knows who to hand conversations over to.`}</Intro>
      {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
      <ProfileFields
        values={form.values}
        onChange={form.set}
        errors={form.errors}
        waiting={update.isMutating}
      />
      <Actions>
        <Button type="submit" waiting={update.isMutating}>
          {t`Continue`}
        </Button>
      </Actions>
    </SubmitForm>
  );
}
