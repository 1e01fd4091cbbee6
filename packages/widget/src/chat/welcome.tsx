/**
 * The public page before the first question: the greeting, large (without one, a welcome in the
 * institution's name), and the suggested questions (else the first FAQs') as cards that ask them (docs/architecture.md#the-widget-and-public-pages). Once the visitor asks, the
 * greeting becomes the conversation's first message.
 */
import { useLingui } from '@lingui/react/macro';
import { Markdown } from './markdown';
import { SuggestedQuestions, type SuggestedQuestionsProps } from './suggested-questions';

/** Props of `Welcome`. */
export interface WelcomeProps extends SuggestedQuestionsProps {
  /** The snippet's greeting; without one, a welcome in the institution's name and a short invitation. */
  greeting: string;
  /** The institution's name. */
  institution: string | null;
}

/** The greeting and the cards. */
export function Welcome({ greeting, institution, ...questions }: WelcomeProps) {
  const { t } = useLingui();
  return (
    <section className="cv-welcome" aria-label={t`Welcome`}>
      <div className="cv-greeting">
        {greeting ? (
          <Markdown text={greeting} />
        ) : (
          <>
            {institution ? <h2>{t`Welcome to ${institution}`}</h2> : null}
            <p>{t`Ask a question to get started.`}</p>
          </>
        )}
      </div>
      <SuggestedQuestions {...questions} />
    </section>
  );
}
