/**
 * The assistant's suggested questions (SPEC §5: at most three), the buttons a visitor sees when the
 * chat opens; saved with `PUT institution-product/{id}`. At three, adding is disabled and says why.
 */
import type { InstitutionProductDetail } from '@conversa/contract/assistant';
import { useUpdateAssistant } from '@conversa/data/assistants/update-assistant';
import { isApiRequestError } from '@conversa/data/errors';
import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Button } from '../../components/button/button';
import {
  QuestionsEditor,
  questionErrors,
  questionsToSave,
} from '../../components/questions-editor/questions-editor';
import { notifySuccess } from '../../components/toaster/toaster';
import { Actions, Card, Intro, SubmitForm } from '../../forms/form-layout';
import { useFailureText } from '../../forms/use-failure-text';
import { successNotices } from '../../i18n/notices';
import { SectionTitle } from './trainer-layout';

export interface SuggestedQuestionsProps {
  assistant: InstitutionProductDetail;
  editable: boolean;
}

/** Edit, add (up to three) and remove; blank rows are dropped when saving. */
export function SuggestedQuestions({ assistant, editable }: SuggestedQuestionsProps) {
  const { t, i18n } = useLingui();
  const base = useId();
  const [values, setValues] = useState<string[]>(assistant.suggested_questions);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateAssistant(assistant.id);
  const failureText = useFailureText();

  const submit = async () => {
    const questions = questionsToSave(values);
    setFormError(null);
    try {
      const saved = await update.trigger({ suggested_questions: questions });
      setValues(saved.suggested_questions);
      setErrors({});
      notifySuccess(successNotices.faqUpdated);
    } catch (error) {
      const byIndex = questionErrors(isApiRequestError(error) ? error.issues : [], i18n);
      // The issues number the list sent, so that list is the one shown.
      setValues(questions);
      setErrors(byIndex);
      if (Object.keys(byIndex).length === 0) setFormError(failureText(error));
    }
  };

  return (
    <Card as="section" aria-labelledby={`${base}-title`}>
      <SectionTitle id={`${base}-title`}>{t`Suggested questions`}</SectionTitle>
      <Intro>{t`Visitors see them as buttons when the chat opens.`}</Intro>
      <SubmitForm onSubmit={submit} error={formError}>
        <QuestionsEditor
          values={values}
          errors={errors}
          readOnly={!editable}
          onChange={(next) => {
            setValues(next);
            setErrors({});
          }}
        />
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
