/** Setup step 'questions' (optional): up to three suggested questions, saved with `PUT institution-product/{id}`. */
import type { InstitutionProductDetail } from '@conversa/contract/assistant';
import { useUpdateAssistant } from '@conversa/data/assistants/update-assistant';
import { isApiRequestError } from '@conversa/data/errors';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import {
  QuestionsEditor,
  questionErrors,
  questionsToSave,
} from '../../../components/questions-editor/questions-editor';
import { useFailureText } from '../../../forms/use-failure-text';
import { Note } from '../parts';
import { StepForm } from './step-form';

export interface QuestionsStepProps {
  assistant: InstitutionProductDetail;
  onSaved: (assistant: InstitutionProductDetail) => void;
  onNext: () => void;
  onBack: () => void;
  onBusy: (busy: boolean) => void;
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** Blank questions are left out; an issue on one question shows under it. */
export function QuestionsStep({ assistant, onSaved, onNext, onBack, onBusy }: QuestionsStepProps) {
  const { t, i18n } = useLingui();
  const update = useUpdateAssistant(assistant.id);
  const failureText = useFailureText();
  const [values, setValues] = useState<string[]>(() =>
    assistant.suggested_questions.length > 0 ? [...assistant.suggested_questions] : [''],
  );
  const [errors, setErrors] = useState<Record<number, string | undefined>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async () => {
    const questions = questionsToSave(values);
    if (same(questions, assistant.suggested_questions)) {
      onNext();
      return;
    }
    // The rows shown are the ones sent, so an issue's index points at the right field.
    setValues(questions.length > 0 ? questions : ['']);
    setErrors({});
    setFormError(null);
    let saved: InstitutionProductDetail;
    onBusy(true);
    try {
      saved = await update.trigger({ suggested_questions: questions });
    } catch (error) {
      const byRow = questionErrors(isApiRequestError(error) ? error.issues : [], i18n);
      setErrors(byRow);
      setFormError(Object.keys(byRow).length > 0 ? null : failureText(error));
      return;
    } finally {
      // Unlocked before moving on: a locked wizard ignores moves.
      onBusy(false);
    }
    onSaved(saved);
    onNext();
  };

  return (
    <StepForm
      onSubmit={() => void submit()}
      submitLabel={t`Next`}
      onBack={onBack}
      waiting={update.isMutating}
      error={formError}
    >
      <Note>{t`Suggest questions visitors can ask with one click, e.g. “When does enrolment open?”. Optional.`}</Note>
      <QuestionsEditor
        values={values}
        errors={errors}
        onChange={(next) => {
          setValues(next);
          setErrors({});
        }}
        disabled={update.isMutating}
      />
    </StepForm>
  );
}
