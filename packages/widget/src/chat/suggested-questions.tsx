/** The assistant's suggested questions (up to three), each a button that asks it. */
import { useLingui } from '@lingui/react/macro';

/** Props of `SuggestedQuestions`. */
export interface SuggestedQuestionsProps {
  questions: readonly string[];
  onAsk: (question: string) => void;
  disabled?: boolean;
}

/** The buttons, as a named group; nothing when there are none. */
export function SuggestedQuestions({ questions, onAsk, disabled = false }: SuggestedQuestionsProps) {
  const { t } = useLingui();
  if (questions.length === 0) return null;
  return (
    <div className="cv-suggested" role="group" aria-label={t`Suggested questions`}>
      {questions.map((question) => (
        <button key={question} type="button" onClick={() => onAsk(question)} disabled={disabled}>
          {question}
        </button>
      ))}
    </div>
  );
}
