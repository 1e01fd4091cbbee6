/**
 * Correct on an answer of the transcript (issue 35): the editor with the answer prefilled and the
 * passages it used; saved, an FAQ answers the visitor's question from then on and the transcript
 * says who corrected it.
 */
import type { ChatMessage } from '@conversa/contract/chat';
import { useCorrectAnswer } from '@conversa/data/review/correct-answer';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../components/button/button';
import { CorrectionEditor } from '../../components/correction-editor/correction-editor';
import { notifySuccess } from '../../components/toaster/toaster';
import { useFailureText } from '../../forms/use-failure-text';

export interface AnswerCorrectionProps {
  assistantId: number;
  conversationId: string;
  message: ChatMessage;
}

/** The Correct button of one answer, and its editor once opened. */
export function AnswerCorrection({ assistantId, conversationId, message }: AnswerCorrectionProps) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const correct = useCorrectAnswer(assistantId);
  const failureText = useFailureText();
  if (!editing)
    return (
      <div>
        <Button size="small" variant="secondary" onClick={() => setEditing(true)}>
          {t`Correct`}
        </Button>
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
