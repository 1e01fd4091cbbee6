/**
 * Trainer › Handoff Details › Live chat (docs/product.md#live-conversations): whether visitors may
 * ask for a person in the chat, the office hours (days with from/to times, 24-hour, in a time zone;
 * none means always), how long a visitor waits before the contact form is offered, and when the
 * handoff e-mail is told of a waiting visitor. Saved with `PUT institution-product/{id}`
 * `{live_chat}`; the server's issues show under their fields.
 */
import type { AssistantDetail, LiveChat } from '@conversa/contract/assistant';
import { MAX_LIVE_WAIT_MINUTES } from '@conversa/contract/assistant';
import { useUpdateAssistant } from '@conversa/data/assistants/update-assistant';
import { isApiRequestError } from '@conversa/data/errors';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useMemo, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { Checkbox } from '../../components/checkbox/checkbox';
import { Select } from '../../components/select/select';
import { TextField } from '../../components/text-field/text-field';
import { notifyError, notifySuccess } from '../../components/toaster/toaster';
import { Actions, Card, Intro } from '../../forms/form-layout';
import { useFailureText } from '../../forms/use-failure-text';
import { successNotices } from '../../i18n/notices';
import { FieldGrid } from '../../primitives/field';
import { SectionTitle } from './trainer-layout';

/** Sunday first, as `Date.getDay()` and the contract count them. */
const DAYS = [
  msg`Sunday`,
  msg`Monday`,
  msg`Tuesday`,
  msg`Wednesday`,
  msg`Thursday`,
  msg`Friday`,
  msg`Saturday`,
];

const Span = styled.fieldset`
  display: grid;
  grid-template-columns: minmax(8rem, 1fr) minmax(6rem, 1fr) minmax(6rem, 1fr) auto;
  gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  margin: 0;
  padding: 0;
  border: 0;
  @media (max-width: 40rem) {
    grid-template-columns: 1fr 1fr;
  }
`;

const Legend = styled.legend`
  font-weight: 600;
  margin-bottom: ${({ theme }) => theme.space(2)};
`;

const Hours = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

/** The form's values: what the inputs hold (the minutes as typed). */
interface Values {
  enabled: boolean;
  time_zone: string;
  hours: { day: number; from: string; to: string }[];
  wait_minutes: string;
  notify_after_minutes: string;
}

const valuesOf = (live: LiveChat): Values => ({
  ...live,
  hours: live.hours.map((span) => ({ ...span })),
  wait_minutes: String(live.wait_minutes),
  notify_after_minutes: String(live.notify_after_minutes),
});

/** The browser's time zones, the saved one first if the browser does not list it. */
function timeZones(current: string): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  return listed.includes(current) ? listed : [current, ...listed];
}

/** The live chat settings of one assistant; read-only without `trainer.manage`. */
export function LiveChatSettings({ assistant, editable }: { assistant: AssistantDetail; editable: boolean }) {
  const { t, i18n } = useLingui();
  const update = useUpdateAssistant(assistant.id);
  const failureText = useFailureText();
  const [values, setValues] = useState(() => valuesOf(assistant.live_chat));
  const [issues, setIssues] = useState<Record<string, string>>({});
  const zones = useMemo(
    () => timeZones(values.time_zone).map((zone) => ({ value: zone, label: zone })),
    [values.time_zone],
  );
  const days = DAYS.map((day, index) => ({ value: String(index), label: i18n._(day) }));
  const change = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));
  const changeSpan = (at: number, patch: Partial<Values['hours'][number]>) =>
    change({ hours: values.hours.map((span, index) => (index === at ? { ...span, ...patch } : span)) });
  const issue = (path: string) => issues[`live_chat.${path}`];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIssues({});
    try {
      const saved = await update.trigger({
        live_chat: {
          ...values,
          wait_minutes: Number(values.wait_minutes),
          notify_after_minutes: Number(values.notify_after_minutes),
        },
      });
      setValues(valuesOf(saved.live_chat));
      notifySuccess(successNotices.updated);
    } catch (error) {
      if (isApiRequestError(error) && error.issues.length > 0)
        setIssues(Object.fromEntries(error.issues.map((one) => [one.path, one.message])));
      else notifyError(failureText(error));
    }
  };

  return (
    <Card as="section" aria-labelledby="live-chat-title">
      <SectionTitle id="live-chat-title">{t`Live chat`}</SectionTitle>
      <Intro>
        {t`Visitors can ask to chat with a person from your team. Within office hours the conversation waits for one of you to take it over from Conversations; outside them, or if nobody takes it in time, the visitor is offered the contact form.`}
      </Intro>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Hours>
          <Checkbox
            label={t`Let visitors chat with a person`}
            checked={values.enabled}
            onChange={(enabled) => change({ enabled })}
            disabled={!editable}
          />
          <FieldGrid>
            <Select
              label={t`Time zone`}
              options={zones}
              value={values.time_zone}
              onChange={(time_zone) => change({ time_zone })}
              error={issue('time_zone')}
              disabled={!editable}
            />
            <TextField
              label={t`Minutes a visitor waits for a person`}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_LIVE_WAIT_MINUTES}
              value={values.wait_minutes}
              onChange={(wait_minutes) => change({ wait_minutes })}
              error={issue('wait_minutes')}
              disabled={!editable}
            />
            <TextField
              label={t`Minutes before the handoff e-mail is told`}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_LIVE_WAIT_MINUTES}
              value={values.notify_after_minutes}
              onChange={(notify_after_minutes) => change({ notify_after_minutes })}
              error={issue('notify_after_minutes')}
              disabled={!editable}
            />
          </FieldGrid>
          {values.hours.length === 0 ? (
            <Intro>{t`No office hours: a person may be asked for at any time.`}</Intro>
          ) : null}
          {values.hours.map((span, index) => (
            <Span key={index}>
              <Legend>{t`Office hours ${index + 1}`}</Legend>
              <Select
                label={t`Day`}
                options={days}
                value={String(span.day)}
                onChange={(day) => changeSpan(index, { day: Number(day) })}
                error={issue(`hours.${index}.day`)}
                disabled={!editable}
              />
              <TextField
                label={t`From`}
                type="time"
                value={span.from}
                onChange={(from) => changeSpan(index, { from })}
                error={issue(`hours.${index}.from`) ?? issue(`hours.${index}`)}
                disabled={!editable}
              />
              <TextField
                label={t`To`}
                type="time"
                value={span.to}
                onChange={(to) => changeSpan(index, { to })}
                error={issue(`hours.${index}.to`)}
                disabled={!editable}
              />
              {editable ? (
                <Button
                  variant="ghost"
                  onClick={() => change({ hours: values.hours.filter((_, at) => at !== index) })}
                >
                  {t`Remove office hours ${index + 1}`}
                </Button>
              ) : null}
            </Span>
          ))}
        </Hours>
        {editable ? (
          <Actions>
            <Button
              variant="secondary"
              onClick={() => change({ hours: [...values.hours, { day: 1, from: '09:00', to: '17:00' }] })}
            >
              {t`Add office hours`}
            </Button>
            <Button type="submit" waiting={update.isMutating}>
              {t`Save live chat`}
            </Button>
          </Actions>
        ) : null}
      </form>
    </Card>
  );
}
