/** Setup step 'questions' (optional): up to three suggested questions, saved with `PUT institution-product/{id}`. */
import type { AssistantDetail } from '@conversa/contract/assistant';
import { useUpdateAssistant } from '@conversa/data/assistants/update-assistant';
import { useLingui } from '@lingui/react/macro';
import {
  QuestionsEditor,
  QuestionsFormSchema,
  questionField,
  questionRows,
  questionsToSave,
} from '../../../components/questions-editor/questions-editor';
import { useForm } from '../../../forms/use-form';
import { Note } from '../parts';
import { StepForm } from './step-form';

export interface QuestionsStepProps {
  assistant: AssistantDetail;
  onSaved: (assistant: AssistantDetail) => void;
  onNext: () => void;
  onBack: () => void;
  onBusy: (busy: boolean) => void;
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

// With none yet, one empty row invites the first question.
const rowsOf = (questions: readonly string[]) => questionRows(questions.length > 0 ? questions : ['']);

/** Blank questions are left out; an issue on one question shows under it. */
export function QuestionsStep({ assistant, onSaved, onNext, onBack, onBusy }: QuestionsStepProps) {
  const { t } = useLingui();
  const update = useUpdateAssistant(assistant.id);
  const form = useForm(QuestionsFormSchema, rowsOf(assistant.suggested_questions), {
    fieldOf: questionField,
  });

  const submit = form.submit(async (values) => {
    const questions = questionsToSave(values.questions.map((row) => row.text));
    if (same(questions, assistant.suggested_questions)) {
      onNext();
      return;
    }
    // The rows shown are the ones sent, so an issue's index points at the right field.
    form.reset(rowsOf(questions), { keepDefaultValues: true });
    let saved: AssistantDetail;
    onBusy(true);
    try {
      saved = await update.trigger({ suggested_questions: questions });
    } catch (error) {
      form.fail(error);
      return;
    } finally {
      // Unlocked before moving on: a locked wizard ignores moves.
      onBusy(false);
    }
    onSaved(saved);
    onNext();
  });

  return (
    <StepForm
      onSubmit={() => void submit()}
      submitLabel={t`Next`}
      onBack={onBack}
      waiting={update.isMutating}
      error={form.formError}
    >
      <Note>{t`Suggest questions visitors can ask with one click, e.g. “When does enrolment open?”. Optional.`}</Note>
      <QuestionsEditor form={form} disabled={update.isMutating} />
    </StepForm>
  );
}
