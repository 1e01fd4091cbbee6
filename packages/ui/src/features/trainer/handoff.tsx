/**
 * Trainer › Handoff Details (`/pre-sales/trainer/handoff/{id}`): who a visitor is handed to when
 * the assistant cannot help: name, e-mail, phone, hours and a message. Saved with
 * `PUT institution-product/{id}` `{handoff}`: 'Update successfully.'; the server's issues show under
 * their fields. A new e-mail is mailed a confirmation link and gets visitors' contacts only once
 * confirmed: until then the page says it waits for confirmation, with Resend
 * (`POST institution-product/{id}/handoff/confirmation`).
 */
import type { AssistantDetail, Handoff } from '@conversa/contract/assistant';
import { can } from '@conversa/contract/roles';
import { useResendHandoffConfirmation } from '@conversa/data/assistants/resend-handoff-confirmation';
import { useUpdateAssistant } from '@conversa/data/assistants/update-assistant';
import { useSession } from '@conversa/data/provider';
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { PhoneField } from '../../components/phone-field/phone-field';
import { EmailField } from '../../components/email-field/email-field';
import { TextField } from '../../components/text-field/text-field';
import { notifyError, notifySuccess } from '../../components/toaster/toaster';
import { Actions, Card, Intro, SubmitForm } from '../../forms/form-layout';
import { HandoffFormSchema } from '../../forms/assistant-schemas';
import { useFailureText } from '../../forms/use-failure-text';
import { useForm } from '../../forms/use-form';
import { successMessage } from '../../i18n/codes';
import { successNotices } from '../../i18n/notices';
import { FieldGrid } from '../../primitives/field';
import { LiveChatSettings } from './live-chat';
import { SectionTitle, TrainerLayout } from './trainer-layout';

/** Form values under `handoff`, as the server's issue paths name them (`handoff.email`). */
interface HandoffValues {
  handoff: Record<(typeof FIELDS)[number], string>;
}

const FIELDS = ['name', 'email', 'phone', 'hours', 'message'] as const;

function handoffValues(handoff: Handoff | null): HandoffValues {
  return {
    handoff: Object.fromEntries(
      FIELDS.map((field) => [field, handoff?.[field] ?? '']),
    ) as HandoffValues['handoff'],
  };
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

export interface HandoffPageProps {
  assistantId: number;
  onNavigate: (path: string) => void;
}

/** The handoff form of one assistant; members without `trainer.manage` only read it. */
export function HandoffPage({ assistantId, onNavigate }: HandoffPageProps) {
  const session = useSession();
  const editable = can(session.roles, 'trainer.manage');
  return (
    <TrainerLayout assistantId={assistantId} tab="handoff" onNavigate={onNavigate}>
      {(assistant) => (
        <>
          <HandoffForm key={assistant.id} assistant={assistant} editable={editable} />
          {/* Sales support answers sellers on WhatsApp: no visitor to hand to a person. */}
          {assistant.public_url ? (
            <LiveChatSettings key={`live-${assistant.id}`} assistant={assistant} editable={editable} />
          ) : null}
        </>
      )}
    </TrainerLayout>
  );
}

function HandoffForm({ assistant, editable }: { assistant: AssistantDetail; editable: boolean }) {
  const { t } = useLingui();
  const form = useForm(HandoffFormSchema, handoffValues(assistant.handoff));
  const update = useUpdateAssistant(assistant.id);

  const submit = form.submit(async ({ handoff }) => {
    try {
      const saved = await update.trigger({
        handoff: {
          name: blankToNull(handoff.name),
          email: blankToNull(handoff.email),
          phone: blankToNull(handoff.phone),
          hours: blankToNull(handoff.hours),
          message: blankToNull(handoff.message),
        },
      });
      form.reset(handoffValues(saved.handoff));
      notifySuccess(successNotices.updated);
    } catch (error) {
      form.fail(error);
    }
  });

  return (
    <Card as="section" aria-labelledby="handoff-title">
      <SectionTitle id="handoff-title">{t`Handoff Details`}</SectionTitle>
      <Intro>
        {t`When the assistant cannot help, it offers these contact details so a person from your team can take over.`}
      </Intro>
      <SubmitForm onSubmit={submit} error={form.formError}>
        <FieldGrid>
          <TextField
            label={t`Contact name`}
            name="name"
            autoComplete="name"
            {...form.bind('handoff.name')}
            maxLength={200}
            disabled={!editable}
          />
          <EmailField whose="own" {...form.bind('handoff.email')} maxLength={254} disabled={!editable} />
          {assistant.handoff?.email && !assistant.handoff_email_confirmed ? (
            <ConfirmationPending
              assistantId={assistant.id}
              email={assistant.handoff.email}
              editable={editable}
            />
          ) : null}
          <PhoneField
            label={t`Phone number`}
            name="phone"
            {...form.bind('handoff.phone')}
            disabled={!editable}
          />
          <TextField
            label={t`Opening hours`}
            name="hours"
            placeholder={t`Mon–Fri, 9:00–17:00`}
            {...form.bind('handoff.hours')}
            maxLength={200}
            disabled={!editable}
          />
        </FieldGrid>
        <TextField
          label={t`Message`}
          name="message"
          multiline
          rows={3}
          hint={t`What the assistant says when it hands over, e.g. "An advisor will get back to you within a day."`}
          {...form.bind('handoff.message')}
          maxLength={1000}
          disabled={!editable}
        />
        {editable ? (
          <Actions>
            <Button type="submit" waiting={update.isMutating}>
              {t`Save handoff details`}
            </Button>
          </Actions>
        ) : null}
      </SubmitForm>
    </Card>
  );
}

const Pending = styled.div`
  grid-column: 1 / -1;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusSmall};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

const PendingText = styled.p`
  flex: 1 1 16rem;
  margin: 0;
`;

/** The saved e-mail waits for its link: no contact is mailed to it until then; Resend mails the link again. */
function ConfirmationPending({
  assistantId,
  email,
  editable,
}: {
  assistantId: number;
  email: string;
  editable: boolean;
}) {
  const { t } = useLingui();
  const resend = useResendHandoffConfirmation(assistantId);
  const failureText = useFailureText();
  const again = async () => {
    try {
      const result = await resend.trigger();
      notifySuccess(successMessage(result.code, result.message));
    } catch (error) {
      notifyError(failureText(error));
    }
  };
  return (
    <Pending role="status">
      <PendingText>
        <strong>{t`Waiting for confirmation`}</strong>{' '}
        {t`We mailed a link to ${email}. Visitors' contact details are sent there only once it is confirmed; until then you find them under Conversations.`}
      </PendingText>
      {editable ? (
        <Button type="button" variant="secondary" size="small" waiting={resend.isMutating} onClick={again}>
          {t`Resend`}
        </Button>
      ) : null}
    </Pending>
  );
}
