/**
 * Correct on an answer of the transcript (issue 35, forms/correct-answer.tsx): saved, an FAQ
 * answers the visitor's question from then on and the transcript says who corrected it.
 */
import type { ChatMessage } from '@conversa/contract/chat';
import { useAddTestQuestion } from '@conversa/data/review/test-questions';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/button/button';
import { notifySuccess } from '../../components/toaster/toaster';
import { CorrectAnswer } from '../../forms/correct-answer';
import { useFailureText } from '../../forms/use-failure-text';

export interface AnswerCorrectionProps {
  assistantId: number;
  conversationId: string;
  message: ChatMessage;
  /** The visitor's question the answer replied to: offered as a test question in one click. */
  question: string | null;
}

/** The Correct button of one answer (and its editor once opened), and Add as test question. */
export function AnswerCorrection({ assistantId, conversationId, message, question }: AnswerCorrectionProps) {
  const { t } = useLingui();
  const addTest = useAddTestQuestion(assistantId);
  const failureText = useFailureText();
  return (
    <CorrectAnswer
      assistantId={assistantId}
      conversationId={conversationId}
      messageId={message.id}
      answer={message.text}
      sources={message.sources}
      failure={addTest.error ? failureText(addTest.error) : null}
    >
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
    </CorrectAnswer>
  );
}
