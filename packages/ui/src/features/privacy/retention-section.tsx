/**
 * The retention periods of the Data page (issue 36): each kind of data with what it covers and a
 * number of days (empty keeps it), the time zone whose midnights bound them, the last run and the
 * next. Only team managers change them; others read them.
 */
import { formatDateTime } from '@conversa/contract/date-format';
import {
  RETENTION_KINDS,
  RETENTION_MAX_DAYS,
  RETENTION_MIN_DAYS,
  type Retention,
  type RetentionKind,
} from '@conversa/contract/privacy';
import { can } from '@conversa/contract/roles';
import { useSession } from '@conversa/data/provider';
import { usePutRetention, useRetention } from '@conversa/data/privacy/retention';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Button } from '../../components/button/button';
import { TextField } from '../../components/text-field/text-field';
import { notifySuccess } from '../../components/toaster/toaster';
import { Waiting } from '../../components/waiting/waiting';
import { Actions, Card, FormAlert, Intro, SectionHeading, SubmitForm } from '../../forms/form-layout';
import { formErrors } from '../../forms/field-errors';
import { issueMessage } from '../../i18n/codes';

const LABELS: Record<RetentionKind, { label: MessageDescriptor; covers: MessageDescriptor }> = {
  conversations_days: {
    label: msg`Conversations`,
    covers: msg`Chats with their messages, overviews, ratings and the contacts left in them, counted from the last message. The dashboards keep their figures.`,
  },
  contacts_days: {
    label: msg`Contacts left in the chat`,
    covers: msg`The name, e-mail and phone a visitor left for a person to call back, counted from when they left it. The conversation stays.`,
  },
  whatsapp_days: {
    label: msg`WhatsApp messages`,
    covers: msg`Messages from and to your sellers' numbers.`,
  },
  records_days: {
    label: msg`Leads and orders`,
    covers: msg`With their lines and history, counted from their last change.`,
  },
};

type Draft = Record<RetentionKind, string> & { time_zone: string };

const draftOf = (retention: Retention): Draft => ({
  conversations_days: retention.conversations_days?.toString() ?? '',
  contacts_days: retention.contacts_days?.toString() ?? '',
  whatsapp_days: retention.whatsapp_days?.toString() ?? '',
  records_days: retention.records_days?.toString() ?? '',
  time_zone: retention.time_zone,
});

/** A field's value as the API reads it: empty keeps (null); anything else a number the server checks. */
const daysOf = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

export function RetentionSection({ institutionId }: { institutionId: number }) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const manager = can(session.roles, 'team.manage');
  const { data, error } = useRetention(institutionId);
  const save = usePutRetention();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [failure, setFailure] = useState<{ fields: Record<string, string>; form: string | null } | null>(
    null,
  );
  useEffect(() => {
    if (data) setDraft(draftOf(data));
  }, [data]);

  if (error) return <FormAlert>{formErrors(error, [], i18n).form}</FormAlert>;
  if (!data || !draft) return <Waiting block />;

  const submit = async () => {
    setFailure(null);
    // Whole numbers only; a range the server checks. Anything else is refused here with its message.
    const wrong = RETENTION_KINDS.filter(
      (kind) => draft[kind].trim() !== '' && !/^\d+$/.test(draft[kind].trim()),
    );
    if (wrong.length > 0) {
      const text = issueMessage({ path: '', code: 'retention_range', message: '' }, i18n);
      setFailure({ fields: Object.fromEntries(wrong.map((kind) => [kind, text])), form: null });
      return;
    }
    try {
      await save.trigger({
        institutionId,
        retention: {
          conversations_days: daysOf(draft.conversations_days),
          contacts_days: daysOf(draft.contacts_days),
          whatsapp_days: daysOf(draft.whatsapp_days),
          records_days: daysOf(draft.records_days),
          time_zone: draft.time_zone.trim() || 'UTC',
        },
      });
      notifySuccess(msg`The periods were saved.`);
    } catch (caught) {
      setFailure(formErrors(caught, [...RETENTION_KINDS, 'time_zone'], i18n));
    }
  };

  return (
    <Card as="section" aria-labelledby="retention-title">
      <SectionHeading id="retention-title">{t`How long data is kept`}</SectionHeading>
      <Intro>
        {t`Leave a period empty to keep that data. Otherwise it is removed once it is older than the number of days, from ${RETENTION_MIN_DAYS} to ${RETENTION_MAX_DAYS}, counted in whole days of the time zone below. Backups keep older data until they rotate.`}
      </Intro>
      <SubmitForm onSubmit={submit} error={failure?.form}>
        {RETENTION_KINDS.map((kind) => (
          <TextField
            key={kind}
            label={i18n._(LABELS[kind].label)}
            hint={i18n._(LABELS[kind].covers)}
            inputMode="numeric"
            placeholder={t`Keep`}
            value={draft[kind]}
            onChange={(value) => setDraft({ ...draft, [kind]: value })}
            error={failure?.fields[kind]}
            disabled={!manager}
          />
        ))}
        <TextField
          label={t`Time zone`}
          hint={t`Where the days start and end (for example Europe/Madrid).`}
          value={draft.time_zone}
          onChange={(value) => setDraft({ ...draft, time_zone: value })}
          error={failure?.fields.time_zone}
          disabled={!manager}
        />
        <p>
          {data.last_run_at
            ? t`Last run: ${formatDateTime(data.last_run_at)}. Next run: ${formatDateTime(data.next_run_at)}.`
            : t`Next run: ${formatDateTime(data.next_run_at)}.`}
        </p>
        {manager ? (
          <Actions>
            <Button type="submit" waiting={save.isMutating}>{t`Save periods`}</Button>
          </Actions>
        ) : null}
      </SubmitForm>
    </Card>
  );
}
