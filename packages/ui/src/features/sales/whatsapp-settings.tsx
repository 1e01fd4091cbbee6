/**
 * The WhatsApp channel of a sales-support assistant (`GET`/`PUT institution-product/{id}/whatsapp`):
 * the number's id from Meta's app, its access token, app secret and the verify token chosen for the
 * webhook, and the callback URL to give Meta. Secrets are write-only: the card says which are
 * stored; a field left blank keeps the stored one. Under it, the replies that could not be sent.
 */
import type { WhatsappSettings } from '@conversa/contract/sales';
import { useUpdateWhatsappSettings, useWhatsappSettings } from '@conversa/data/sales/whatsapp-settings';
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { CopyField } from '../../components/copy-field/copy-field';
import { PasswordField } from '../../components/password-field/password-field';
import { TextField } from '../../components/text-field/text-field';
import { notifySuccess } from '../../components/toaster/toaster';
import { Waiting } from '../../components/waiting/waiting';
import { Actions, Card, Intro, SubmitForm } from '../../forms/form-layout';
import { LoadFailed } from '../../forms/load-failed';
import { WhatsappSettingsFormSchema } from '../../forms/sales-schemas';
import { useFailureText } from '../../forms/use-failure-text';
import { useForm } from '../../forms/use-form';
import { successNotices } from '../../i18n/notices';
import { FieldGrid } from '../../primitives/field';
import { FailedReplies } from './failed-replies';

const SectionTitle = styled.h2`
  margin: 0;
  font-size: 1.125rem;
  font-weight: 700;
`;

const SECRETS = ['access_token', 'app_secret', 'verify_token'] as const;

const valuesOf = (settings: WhatsappSettings) => ({
  phone_number_id: settings.phone_number_id ?? '',
  access_token: '',
  app_secret: '',
  verify_token: '',
});

export function WhatsappSettingsCard({ assistantId }: { assistantId: number }) {
  const { t } = useLingui();
  const settings = useWhatsappSettings(assistantId);
  const failureText = useFailureText();
  let body;
  if (settings.data)
    body = <SettingsForm key={assistantId} assistantId={assistantId} settings={settings.data} />;
  else if (settings.error)
    body = <LoadFailed message={failureText(settings.error)} onRetry={() => void settings.mutate()} />;
  else body = <Waiting block label={t`Loading the WhatsApp settings…`} />;
  return (
    <Card as="section" aria-labelledby="whatsapp-title">
      <SectionTitle id="whatsapp-title">{t`WhatsApp channel`}</SectionTitle>
      <Intro>
        {t`From your app in Meta's developer console: the phone number ID, a permanent access token and the app secret. Choose a verify token and give Meta the callback URL below with it.`}
      </Intro>
      {body}
      <FailedReplies assistantId={assistantId} />
    </Card>
  );
}

function SettingsForm({ assistantId, settings }: { assistantId: number; settings: WhatsappSettings }) {
  const { t } = useLingui();
  const form = useForm(WhatsappSettingsFormSchema, valuesOf(settings));
  const update = useUpdateWhatsappSettings(assistantId);
  const labels = { access_token: t`Access token`, app_secret: t`App secret`, verify_token: t`Verify token` };
  const stored = {
    access_token: settings.access_token_set,
    app_secret: settings.app_secret_set,
    verify_token: settings.verify_token_set,
  };

  const submit = form.submit(async (values) => {
    try {
      const saved = await update.trigger(values);
      form.reset(valuesOf(saved));
      notifySuccess(successNotices.updated);
    } catch (error) {
      form.fail(error);
    }
  });

  return (
    <SubmitForm onSubmit={submit} error={form.formError}>
      <CopyField label={t`Callback URL`} value={settings.webhook_url} />
      <FieldGrid>
        <TextField
          label={t`Phone number ID`}
          name="phone_number_id"
          inputMode="numeric"
          autoComplete="off"
          required
          {...form.bind('phone_number_id')}
        />
        {SECRETS.map((secret) => (
          <PasswordField
            key={secret}
            label={labels[secret]}
            name={secret}
            autoComplete="new-password"
            hint={stored[secret] ? t`Stored. Leave blank to keep it.` : t`Not set yet.`}
            {...form.bind(secret)}
          />
        ))}
      </FieldGrid>
      <Actions>
        <Button type="submit" waiting={update.isMutating}>
          {t`Save WhatsApp settings`}
        </Button>
      </Actions>
    </SubmitForm>
  );
}
