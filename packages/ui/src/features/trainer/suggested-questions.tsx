/**
 * The assistant's suggested questions (docs/product.md#validation: at most three), the buttons a visitor sees when the
 * chat opens; saved with `PUT institution-product/{id}`. At three, adding is disabled and says why.
 */
import type { AssistantDetail } from '@conversa/contract/assistant';
import { useUpdateAssistant } from '@conversa/data/assistants/update-assistant';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Button } from '../../components/button/button';
import {
  QuestionsEditor,
  QuestionsFormSchema,
  questionField,
  questionRows,
  questionsToSave,
} from '../../components/questions-editor/questions-editor';
import { notifySuccess } from '../../components/toaster/toaster';
import { Actions, Card, Intro, SubmitForm } from '../../forms/form-layout';
import { useForm } from '../../forms/use-form';
import { successNotices } from '../../i18n/notices';
import { SectionTitle } from './trainer-layout';

export interface SuggestedQuestionsProps {
  assistant: AssistantDetail;
  editable: boolean;
}

/** Edit, add (up to three) and remove; blank rows are dropped when saving. */
export function SuggestedQuestions({ assistant, editable }: SuggestedQuestionsProps) {
  const { t } = useLingui();
  const base = useId();
  const form = useForm(QuestionsFormSchema, questionRows(assistant.suggested_questions), {
    fieldOf: questionField,
  });
  const update = useUpdateAssistant(assistant.id);

  const submit = form.submit(async (values) => {
    const questions = questionsToSave(values.questions.map((row) => row.text));
    try {
      const saved = await update.trigger({ suggested_questions: questions });
      form.reset(questionRows(saved.suggested_questions));
      notifySuccess(successNotices.faqUpdated);
    } catch (error) {
      // The issues number the list sent, so that list is the one shown.
      form.reset(questionRows(questions), { keepDefaultValues: true });
      form.fail(error);
    }
  });

  return (
    <Card as="section" aria-labelledby={`${base}-title`}>
      <SectionTitle id={`${base}-title`}>{t`Suggested questions`}</SectionTitle>
      <Intro>{t`Visitors see them as buttons when the chat opens.`}</Intro>
      <SubmitForm onSubmit={submit} error={form.formError}>
        <QuestionsEditor form={form} readOnly={!editable} />
        {editable ? (
          <Actions>
            <Button type="submit" waiting={update.isMutating}>
              {t`Save suggested questions`}
            </Button>
          </Actions>
        ) : null}
      </SubmitForm>
    </Card>
  );
}
