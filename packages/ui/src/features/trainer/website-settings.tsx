/**
 * A website's crawl settings: how many pages, how often it is read again, and which paths to read or
 * leave out (patterns as robots.txt writes them). The fields serve the add form and the settings dialog.
 */
import { WEBSITE_MAX_PAGES } from '@conversa/contract/constants';
import { WEBSITE_SCHEDULES, type Website, type WebsiteSchedule } from '@conversa/contract/website';
import { useUpdateWebsite } from '@conversa/data/websites/update-website';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/button/button';
import { Dialog } from '../../components/dialog/dialog';
import { Select } from '../../components/select/select';
import { TextField } from '../../components/text-field/text-field';
import { notifySuccess } from '../../components/toaster/toaster';
import { Actions, SubmitForm } from '../../forms/form-layout';
import type { Form } from '../../forms/use-form';
import { useForm } from '../../forms/use-form';
import {
  settingsBody,
  WebsiteSettingsFormSchema,
  type WebsiteSettingsValues,
} from '../../forms/website-schemas';
import { successNotices } from '../../i18n/notices';
import { FieldGrid } from '../../primitives/field';
import { scheduleLabels } from './website-texts';

/** The form values of a site's settings as it has them. */
export const settingsValues = (site: Pick<Website, 'max_pages' | 'schedule' | 'include' | 'exclude'>) => ({
  max_pages: String(site.max_pages),
  schedule: site.schedule,
  include: site.include.join('\n'),
  exclude: site.exclude.join('\n'),
});

/** Pages, schedule, include and exclude, bound to a form that holds them. */
export function WebsiteSettingsFields<V extends WebsiteSettingsValues>({ form }: { form: Form<V> }) {
  const { t, i18n } = useLingui();
  // The fields share their names with the values (the form is any form that holds them).
  const settings = form as unknown as Form<WebsiteSettingsValues>;
  const maxPages = i18n.number(WEBSITE_MAX_PAGES);
  return (
    <>
      <FieldGrid>
        <TextField
          label={t`Pages at most`}
          name="max_pages"
          inputMode="numeric"
          required
          hint={t`From 1 to ${maxPages} pages.`}
          {...settings.bind('max_pages')}
        />
        <Select
          label={t`Read it again`}
          name="schedule"
          required
          options={WEBSITE_SCHEDULES.map((value) => ({ value, label: i18n._(scheduleLabels[value]) }))}
          value={settings.values.schedule}
          onChange={(value) => settings.set('schedule', value as WebsiteSchedule)}
          error={settings.errors.schedule}
        />
      </FieldGrid>
      <FieldGrid>
        <TextField
          label={t`Only pages under`}
          name="include"
          multiline
          rows={3}
          hint={t`One path per line, starting with /, for example /admissions/. Empty: the whole site.`}
          {...settings.bind('include')}
        />
        <TextField
          label={t`Leave out pages under`}
          name="exclude"
          multiline
          rows={3}
          hint={t`One path per line, starting with /. * stands for anything and a final $ ends the path, for example /*.pdf$.`}
          {...settings.bind('exclude')}
        />
      </FieldGrid>
    </>
  );
}

export interface WebsiteSettingsDialogProps {
  assistantId: number;
  /** The site whose settings are open; null when the dialog is closed. */
  site: Website | null;
  onClose: () => void;
}

/** Changes a site's settings; they apply from its next crawl. */
export function WebsiteSettingsDialog({ assistantId, site, onClose }: WebsiteSettingsDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog open={site !== null} onClose={onClose} size="large" title={t`Settings of ${site?.url ?? ''}`}>
      {site ? <SettingsForm key={site.id} assistantId={assistantId} site={site} onClose={onClose} /> : null}
    </Dialog>
  );
}

function SettingsForm({
  assistantId,
  site,
  onClose,
}: {
  assistantId: number;
  site: Website;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const form = useForm(WebsiteSettingsFormSchema, settingsValues(site));
  const update = useUpdateWebsite(assistantId, site.id);
  const submit = form.submit(async (values) => {
    try {
      await update.trigger(settingsBody(values));
      notifySuccess(successNotices.updated);
      onClose();
    } catch (error) {
      form.fail(error);
    }
  });
  return (
    <SubmitForm onSubmit={submit} error={form.formError}>
      <WebsiteSettingsFields form={form} />
      <Actions>
        <Button variant="secondary" type="button" disabled={update.isMutating} onClick={onClose}>
          {t`Cancel`}
        </Button>
        <Button type="submit" waiting={update.isMutating}>
          {t`Save settings`}
        </Button>
      </Actions>
    </SubmitForm>
  );
}
