/**
 * An assistant's profile on the trainer's overview: its type, name and logo (upload or replace,
 * with a preview), and for pre-sales a summary of its suggested questions (sales support has no
 * public chat, so nothing here speaks of visitors).
 */
import type { AssistantDetail } from '@conversa/contract/assistant';
import { MAX_SUGGESTED_QUESTIONS } from '@conversa/contract/assistant';
import { can } from '@conversa/contract/roles';
import { useUpdateAssistant } from '@conversa/data/assistants/update-assistant';
import { useSession } from '@conversa/data/provider';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { sectionOf } from '../../components/sidebar/paths';
import { TextField } from '../../components/text-field/text-field';
import { notifySuccess } from '../../components/toaster/toaster';
import { Actions, Card, SubmitForm } from '../../forms/form-layout';
import { AssistantNameFormSchema } from '../../forms/assistant-schemas';
import { useForm } from '../../forms/use-form';
import { successNotices } from '../../i18n/notices';
import { AssistantState } from './assistant-state';
import { AssistantLogoField } from './logo-field';
import { Note, SectionTitle, SubTitle } from './parts';
import { assistantTypeTexts } from './assistant-types';

const Questions = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  margin: 0;
  padding-inline-start: ${({ theme }) => theme.space(5)};
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
`;

export interface AssistantProfileProps {
  /** The assistant's id. */
  assistantId: number;
  /** Shows an 'Edit suggested questions' button (the app opens the FAQs tab). */
  onEditQuestions?: () => void;
}

/** The profile card of one assistant; waiting, not-found and failure states included. */
export function AssistantProfile({ assistantId, onEditQuestions }: AssistantProfileProps) {
  const { t } = useLingui();
  const id = useId();
  return (
    <Card as="section" aria-labelledby={`${id}-title`}>
      <SectionTitle id={`${id}-title`}>{t`Assistant profile`}</SectionTitle>
      <AssistantState assistantId={assistantId}>
        {(assistant) => (
          <Profile key={assistant.id} assistant={assistant} onEditQuestions={onEditQuestions} />
        )}
      </AssistantState>
    </Card>
  );
}

function Profile({
  assistant,
  onEditQuestions,
}: {
  assistant: AssistantDetail;
  onEditQuestions?: () => void;
}) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const manages = can(session.roles, 'assistant.manage');
  const questions = assistant.suggested_questions;
  // Sales support has no public chat: no visitors, no suggested questions to show them.
  const salesSupport = sectionOf(assistant.product.type) === 'sales-support';
  return (
    <>
      <Note>{i18n._(assistantTypeTexts[assistant.product.type].name)}</Note>
      <AssistantLogoField
        assistant={assistant}
        label={t`Logo`}
        disabled={!manages}
        onUploaded={() => notifySuccess(successNotices.updated)}
      />
      <NameForm assistant={assistant} editable={manages} salesSupport={salesSupport} />
      {salesSupport ? null : (
        <>
          <Header>
            <SubTitle>{t`Suggested questions`}</SubTitle>
            <Note>{t`${questions.length} of ${MAX_SUGGESTED_QUESTIONS}`}</Note>
          </Header>
          {questions.length > 0 ? (
            <Questions>
              {questions.map((question, index) => (
                <li key={index}>{question}</li>
              ))}
            </Questions>
          ) : (
            <Note>{t`No suggested questions yet. They show as buttons when a visitor opens the chat.`}</Note>
          )}
          {onEditQuestions ? (
            <Actions>
              <Button variant="secondary" size="small" onClick={onEditQuestions}>
                {t`Edit suggested questions`}
              </Button>
            </Actions>
          ) : null}
        </>
      )}
      {manages ? null : <Note>{t`Only the institution's managers can change the name and the logo.`}</Note>}
    </>
  );
}

/** The name; saving says 'Update successfully.'; server issues show under the field. */
function NameForm({
  assistant,
  editable,
  salesSupport,
}: {
  assistant: AssistantDetail;
  editable: boolean;
  salesSupport: boolean;
}) {
  const { t } = useLingui();
  const form = useForm(AssistantNameFormSchema, { name: assistant.product.name });
  const update = useUpdateAssistant(assistant.id);
  const submit = form.submit(async (values) => {
    try {
      const saved = await update.trigger({ name: values.name.trim() });
      form.reset({ name: saved.product.name });
      notifySuccess(successNotices.updated);
    } catch (error) {
      form.fail(error);
    }
  });
  return (
    <SubmitForm onSubmit={submit} error={form.formError}>
      <TextField
        label={t`Assistant name`}
        hint={
          salesSupport ? t`Your team sees this name in the console.` : t`Visitors see this name in the chat.`
        }
        {...form.bind('name')}
        maxLength={200}
        required
        disabled={!editable}
      />
      {editable ? (
        <Actions>
          <Button type="submit" variant="secondary" waiting={update.isMutating}>
            {t`Save name`}
          </Button>
        </Actions>
      ) : null}
    </SubmitForm>
  );
}
