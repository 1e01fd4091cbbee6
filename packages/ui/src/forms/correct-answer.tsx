/**
 * Correct under an answer (issue 35), shared by the transcript and Try it: the button, then the
 * editor with the answer prefilled and the passages it used; saved, an FAQ answers the visitor's
 * question from then on, a toast says so and the editor closes.
 */
import type { Source } from '@conversa/contract/chat';
import { useCorrectAnswer } from '@conversa/data/review/correct-answer';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { Button } from '../components/button/button';
import { CorrectionEditor } from '../components/correction-editor/correction-editor';
import { notifySuccess } from '../components/toaster/toaster';
import { FormAlert } from './form-layout';
import { useFailureText } from './use-failure-text';

export interface CorrectAnswerProps {
  assistantId: number;
  conversationId: string;
  messageId: number;
  /** The answer's text and the passages it used. */
  answer: string;
  sources: readonly Source[];
  /** A failure of the actions beside Correct, shown above them. */
  failure?: string | null;
  /** More actions beside Correct. */
  children?: ReactNode;
}

/** The Correct button of one answer, and its editor once opened. */
export function CorrectAnswer({
  assistantId,
  conversationId,
  messageId,
  answer,
  sources,
  failure = null,
  children,
}: CorrectAnswerProps) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const correct = useCorrectAnswer(assistantId);
  const failureText = useFailureText();
  if (!editing)
    return (
      <div>
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <Button size="small" variant="secondary" onClick={() => setEditing(true)}>
          {t`Correct`}
        </Button>
        {children ? <> {children}</> : null}
      </div>
    );
  return (
    <CorrectionEditor
      answer={answer}
      sources={sources}
      saving={correct.isMutating}
      error={correct.error ? failureText(correct.error) : null}
      onSave={(text) =>
        void correct
          .trigger({ conversationId, message_id: messageId, answer: text })
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
