/** Onboarding: the school or business the new user works for (`POST institution`). */
import { useCreateInstitution } from '@conversa/data/institutions/create-institution';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/button/button';
import {
  EMPTY_INSTITUTION,
  InstitutionFields,
} from '../../../components/institution-fields/institution-fields';
import { Actions, FormAlert, Intro, SubmitForm } from '../../../forms/form-layout';
import { institutionBody } from '../../../forms/bodies';
import { useCountryOptions } from '../../../forms/use-country-options';
import { InstitutionFormSchema } from '../../../forms/profile-schemas';
import { useForm } from '../../../forms/use-form';
import { type OnBusy, whileBusy } from './busy';

export interface AboutSchoolStepProps {
  onCreated: () => void;
  onBusy: OnBusy;
}

/** The creator becomes the institution's main member and the session acts in it. */
export function AboutSchoolStep({ onCreated, onBusy }: AboutSchoolStepProps) {
  const { t } = useLingui();
  const form = useForm(InstitutionFormSchema, EMPTY_INSTITUTION);
  const countries = useCountryOptions();
  const create = useCreateInstitution();

  const submit = form.submit(async (values) => {
    try {
      await whileBusy(onBusy, () => create.trigger(institutionBody(values)));
      onCreated();
    } catch (error) {
      form.fail(error);
    }
  });

  return (
    <SubmitForm onSubmit={submit}>
      <Intro>{t`Your assistant will answer in the name of your school or business.`}</Intro>
      {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
      {countries.failed ? <FormAlert>{t`The list of countries could not be loaded.`}</FormAlert> : null}
      <InstitutionFields
        values={form.values}
        onChange={form.set}
        errors={form.errors}
        {...countries.fields}
        waiting={create.isMutating}
      />
      <Actions>
        <Button type="submit" waiting={create.isMutating}>
          {t`Finish`}
        </Button>
      </Actions>
    </SubmitForm>
  );
}
