/** Profile page "About your school / business" (docs/product.md#screens-and-routes): the session's institution. */
import type { Institution } from '@conversa/contract/institution';
import { can } from '@conversa/contract/roles';
import { useInstitution } from '@conversa/data/institutions/get-institution';
import { useInstitutionLogo } from '@conversa/data/institutions/institution-logo';
import { useUpdateInstitution } from '@conversa/data/institutions/update-institution';
import { useSession } from '@conversa/data/provider';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../components/button/button';
import { EmptyState } from '../../components/empty-state/empty-state';
import { InstitutionFields } from '../../components/institution-fields/institution-fields';
import { LogoUpload } from '../../components/logo-upload/logo-upload';
import { LOGO_MAX_MB } from '../../components/logo-upload/logo-rules';
import { notifySuccess } from '../../components/toaster/toaster';
import { NavLink } from '../../components/sidebar/nav-link';
import { consolePaths } from '../../components/sidebar/paths';
import { Waiting } from '../../components/waiting/waiting';
import { institutionBody, institutionValues } from '../../forms/bodies';
import { useCountryOptions } from '../../forms/use-country-options';
import { LoadFailed } from '../../forms/load-failed';
import { Actions, Card, FormAlert, Intro, Page, PageTitle, SubmitForm } from '../../forms/form-layout';
import { InstitutionFormSchema } from '../../forms/profile-schemas';
import { useForm } from '../../forms/use-form';
import { successNotices } from '../../i18n/notices';
import { useFailureText } from '../../forms/use-failure-text';
import { useLogoFailure } from '../../forms/use-logo-failure';

export interface AboutInstitutionPageProps {
  /** Goes to a console path (the app's router): a person with no institution is led to create one. */
  onNavigate: (path: string) => void;
}

/** The title says school or business by the institution's kind; members who may not edit it only read. */
export function AboutInstitutionPage({ onNavigate }: AboutInstitutionPageProps) {
  const { t } = useLingui();
  const session = useSession();
  const institution = useInstitution();
  const failureText = useFailureText();
  const kind = institution.data?.kind;
  const title =
    kind === 'business'
      ? t`About your business`
      : kind === 'school'
        ? t`About your school`
        : t`About your institution`;
  let content;
  if (session.institutionId === null)
    content = (
      <EmptyState title={t`You do not belong to an institution yet.`}>
        <NavLink href={consolePaths.setupAssistant} onNavigate={onNavigate}>
          {t`Create your school or business`}
        </NavLink>
      </EmptyState>
    );
  else if (institution.data) {
    content = (
      <InstitutionForm
        key={institution.data.id}
        institution={institution.data}
        editable={can(session.roles, 'institution.update')}
      />
    );
  } else if (institution.error) {
    content = (
      <LoadFailed message={failureText(institution.error)} onRetry={() => void institution.mutate()} />
    );
  } else content = <Waiting block size="large" label={t`Loading the institution…`} />;
  return (
    <Page aria-labelledby="about-institution-title">
      <PageTitle id="about-institution-title">{title}</PageTitle>
      {content}
    </Page>
  );
}

function InstitutionForm({ institution, editable }: { institution: Institution; editable: boolean }) {
  const { t } = useLingui();
  const form = useForm(InstitutionFormSchema, institutionValues(institution));
  const countries = useCountryOptions();
  const update = useUpdateInstitution(institution.id);

  const submit = form.submit(async (values) => {
    const { kind: _kind, ...body } = institutionBody(values);
    try {
      await update.trigger(body);
      notifySuccess(successNotices.institutionUpdated);
    } catch (error) {
      form.fail(error);
    }
  });

  return (
    <Card>
      <InstitutionLogoField institution={institution} disabled={!editable || update.isMutating} />
      <SubmitForm onSubmit={submit}>
        {editable ? null : <Intro>{t`Only the institution's managers can change these details.`}</Intro>}
        {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
        <InstitutionFields
          kindEditable={false}
          values={form.values}
          onChange={form.set}
          errors={form.errors}
          {...countries.fields}
          waiting={update.isMutating}
          disabled={!editable}
        />
        {editable ? (
          <Actions>
            <Button type="submit" waiting={update.isMutating}>
              {t`Save changes`}
            </Button>
          </Actions>
        ) : null}
      </SubmitForm>
    </Card>
  );
}

/**
 * The institution's logo, uploaded as soon as a file is chosen and removed with its button; the
 * public pages show it where the assistant has none, and the sidebar beside the institution.
 */
function InstitutionLogoField({ institution, disabled }: { institution: Institution; disabled: boolean }) {
  const { t } = useLingui();
  const { upload, remove } = useInstitutionLogo(institution.id);
  const logoFailure = useLogoFailure();
  const [error, setError] = useState<string | undefined>();
  const run = async (
    change: () => Promise<unknown>,
    done: (typeof successNotices)[keyof typeof successNotices],
  ) => {
    setError(undefined);
    try {
      await change();
      notifySuccess(done);
    } catch (failure) {
      setError(logoFailure(failure));
    }
  };
  return (
    <LogoUpload
      label={t`Logo`}
      hint={t`Shown in the console and on your assistants' public pages when they have no logo of their own. A transparent PNG works best; PNG or JPEG, under ${LOGO_MAX_MB} MB.`}
      value={institution.logo}
      placeholder={institution.name}
      disabled={disabled}
      waiting={upload.isMutating || remove.isMutating}
      error={error}
      onSelect={(file) => void run(() => upload.trigger(file), successNotices.updated)}
      onRemove={() => void run(() => remove.trigger(), successNotices.deleted)}
    />
  );
}
