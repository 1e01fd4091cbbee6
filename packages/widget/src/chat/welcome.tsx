/**
 * The public page before the first question: the greeting, large, and the suggested questions as
 * cards that ask them (docs/architecture.md#the-widget-and-public-pages). Once the visitor asks, the
 * greeting becomes the conversation's first message.
 */
import { useLingui } from '@lingui/react/macro';
import { Markdown } from './markdown';
import { SuggestedQuestions, type SuggestedQuestionsProps } from './suggested-questions';

/** Props of `Welcome`. */
export interface WelcomeProps extends SuggestedQuestionsProps {
  /** The snippet's greeting; a short invitation when empty. */
  greeting: string;
}

/** The greeting and the cards. */
export function Welcome({ greeting, ...questions }: WelcomeProps) {
  const { t } = useLingui();
  return (
    <section className="cv-welcome" aria-label={t`Welcome`}>
      <div className="cv-greeting">
        {greeting ? <Markdown text={greeting} /> : <p>{t`Ask a question to get started.`}</p>}
      </div>
      <SuggestedQuestions {...questions} />
    </section>
  );
}
