/**
 * Correct on an answer of the transcript (issue 35): the editor with the answer prefilled and the
 * passages it used; saved, an FAQ answers the visitor's question from then on and the transcript
 * says who corrected it.
 */
import type { ChatMessage } from '@conversa/contract/chat';
import { useCorrectAnswer } from '@conversa/data/review/correct-answer';
import { useAddTestQuestion } from '@conversa/data/review/test-questions';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../components/button/button';
import { CorrectionEditor } from '../../components/correction-editor/correction-editor';
import { notifySuccess } from '../../components/toaster/toaster';
import { FormAlert } from '../../forms/form-layout';
import { useFailureText } from '../../forms/use-failure-text';

export interface AnswerCorrectionProps {
  assistantId: number;
  conversationId: string;
  message: ChatMessage;
  /** The visitor's question the answer replied to: offered as a test question in one click. */
  question: string | null;
}

/** The Correct button of one answer, and its editor once opened. */
export function AnswerCorrection({ assistantId, conversationId, message, question }: AnswerCorrectionProps) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const correct = useCorrectAnswer(assistantId);
  const addTest = useAddTestQuestion(assistantId);
  const failureText = useFailureText();
  if (!editing)
    return (
      <div>
        {addTest.error ? <FormAlert>{failureText(addTest.error)}</FormAlert> : null}
        <Button size="small" variant="secondary" onClick={() => setEditing(true)}>
          {t`Correct`}
        </Button>{' '}
        {question ? (
          <Button
            size="small"
            variant="secondary"
            disabled={addTest.isMutating}
            onClick={() =>
              void addTest
                .trigger(question)
                .then(() => notifySuccess(msg`Added to the test questions.`))
                .catch(() => undefined)
            }
          >
            {t`Add as test question`}
          </Button>
        ) : null}
      </div>
    );
  return (
    <CorrectionEditor
      answer={message.text}
      sources={message.sources}
      saving={correct.isMutating}
      error={correct.error ? failureText(correct.error) : null}
      onSave={(answer) =>
        void correct
          .trigger({ conversationId, message_id: message.id, answer })
          .then(() => {
            notifySuccess(
              msg`The correction was saved: the assistant answers this question with it from now on.`,
            );
            setEditing(false);
          })
          .catch(() => undefined)
      }
      onCancel={() => setEditing(false)}
    />
  );
}
