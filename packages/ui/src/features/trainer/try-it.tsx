/**
 * Trainer › Try it: staff ask as a visitor would and see, under each answer, the passages it looked
 * at with their source, and why each was used or not (or why it said it did not know). The
 * questions make a preview conversation of their own (follow-ups read the question before), kept
 * out of the conversation list and the dashboard's figures.
 */
import type { Source } from '@conversa/contract/chat';
import type { AnswerMethod, PreviewAnswer, PreviewPassage } from '@conversa/contract/conversation';
import { MAX_MESSAGE_LENGTH } from '@conversa/contract/constants';
import { previewQuestion } from '@conversa/data/conversations/preview-question';
import { useDataClient } from '@conversa/data/provider';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { TextField } from '../../components/text-field/text-field';
import { Actions, Card, FormAlert } from '../../forms/form-layout';
import { CorrectAnswer } from '../../forms/correct-answer';
import { useFailureText } from '../../forms/use-failure-text';
import { SectionTitle } from './trainer-layout';
import { StackList } from '../../primitives/stack-list';

const Bubble = styled.p<{ $mine: boolean }>`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme, $mine }) => ($mine ? theme.colors.hover : theme.colors.surface)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  white-space: pre-wrap;
`;

const Why = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding-inline-start: ${({ theme }) => theme.space(3)};
  border-inline-start: 3px solid ${({ theme }) => theme.colors.border};
`;

const Small = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

const Excerpt = styled.blockquote`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

const Status = styled.strong<{ $used: boolean }>`
  color: ${({ theme, $used }) => ($used ? theme.colors.success : theme.colors.textMuted)};
`;

const METHODS: Record<AnswerMethod, ReturnType<typeof msg>> = {
  faq: msg`An FAQ's question covers this question: it answered with the FAQ's own answer.`,
  llm: msg`The language model wrote it from the passages marked as used.`,
  extractive: msg`It quoted the passages marked as used.`,
  not_found: msg`It was not sure enough that the knowledge answers this, so it said it did not know.`,
};

/** One question and its answer, with why. */
interface Exchange {
  key: number;
  question: string;
  answer: PreviewAnswer;
}

export interface TryItProps {
  assistantId: number;
}

/** The preview chat. */
export function TryIt({ assistantId }: TryItProps) {
  const { t } = useLingui();
  const client = useDataClient();
  const failureText = useFailureText();
  const [question, setQuestion] = useState('');
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const next = useRef(0);
  const conversationId = exchanges.at(-1)?.answer.conversation_id ?? null;

  const ask = async () => {
    const text = question.trim();
    if (!text || asking) return;
    setAsking(true);
    setFailure(null);
    try {
      const answer = await previewQuestion(client, assistantId, { text, conversation_id: conversationId });
      setExchanges((current) => [...current, { key: next.current++, question: text, answer }]);
      setQuestion('');
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setAsking(false);
    }
  };

  return (
    <Card as="section" aria-labelledby="try-it-title">
      <SectionTitle id="try-it-title">{t`Try it`}</SectionTitle>
      <Small>{t`Ask as a visitor would. These questions stay out of the conversations and the dashboard.`}</Small>
      {exchanges.length > 0 ? (
        <StackList as="ol" $gap={4} aria-label={t`Questions tried`} aria-live="polite">
          {exchanges.map((exchange) => (
            <li key={exchange.key}>
              <ExchangeView assistantId={assistantId} question={exchange.question} answer={exchange.answer} />
            </li>
          ))}
        </StackList>
      ) : null}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void ask();
        }}
      >
        <TextField
          label={t`Your question`}
          value={question}
          onChange={setQuestion}
          maxLength={MAX_MESSAGE_LENGTH}
        />
        <Actions>
          <Button type="submit" waiting={asking} disabled={!question.trim()}>
            {t`Ask`}
          </Button>
          {exchanges.length > 0 ? (
            <Button variant="secondary" disabled={asking} onClick={() => setExchanges([])}>
              {t`Start over`}
            </Button>
          ) : null}
        </Actions>
      </form>
    </Card>
  );
}

/** A source as a reader names it. */
function useSourceName() {
  const { t } = useLingui();
  return (source: Source) => {
    if (source.kind === 'faq') return t`FAQ: ${source.title ?? ''}`;
    if (source.kind === 'file') return t`File: ${source.title ?? ''}`;
    if (source.kind === 'website') return t`Web page: ${source.title ?? source.url ?? ''}`;
    return t`Knowledge base text`;
  };
}

function ExchangeView({
  assistantId,
  question,
  answer,
}: {
  assistantId: number;
  question: string;
  answer: PreviewAnswer;
}) {
  const { t, i18n } = useLingui();
  const sourceName = useSourceName();
  const words = answer.words.join(', ');
  const count = answer.words.length;
  const confidence = Math.round(answer.confidence * 100);
  const needed = Math.round(answer.needed_confidence * 100);
  return (
    <>
      <Bubble $mine>
        <strong>{t`You`}: </strong>
        {question}
      </Bubble>
      <Bubble $mine={false}>{answer.text}</Bubble>
      <CorrectAnswer
        assistantId={assistantId}
        conversationId={answer.conversation_id}
        messageId={answer.message_id}
        answer={answer.text}
        sources={answer.sources}
      />
      <Why aria-label={t`Why this answer`} role="group">
        <Small>{i18n._(METHODS[answer.method])}</Small>
        {answer.follow_up ? (
          <Small>{t`Read together with the question before it (a short follow-up).`}</Small>
        ) : null}
        {answer.translation ? (
          <Small>{t`Asked in the other language: looked up as “${answer.translation}”.`}</Small>
        ) : null}
        {answer.handoff ? (
          <Small>{t`It offered the handoff contact: ${answer.handoff.name ?? ''}`}</Small>
        ) : null}
        {count > 0 ? <Small>{t`Words looked for: ${words}. Rarer words weigh more.`}</Small> : null}
        {answer.method === 'faq' ? null : (
          <Small>
            {t`How sure it was that the knowledge answers this: ${confidence}% (it answers from ${needed}%).`}
          </Small>
        )}
        {answer.unknown_words.length > 0 ? (
          <Small>{t`Not in the knowledge at all: ${answer.unknown_words.join(', ')}.`}</Small>
        ) : null}
        {answer.passages.length === 0 ? (
          <Small>{t`No passage of the knowledge matched.`}</Small>
        ) : (
          <StackList aria-label={t`Passages looked at`}>
            {answer.passages.map((passage, index) => (
              <li key={index}>
                <PassageView passage={passage} name={sourceName(passage.source)} count={count} />
              </li>
            ))}
          </StackList>
        )}
      </Why>
    </>
  );
}

function PassageView({ passage, name, count }: { passage: PreviewPassage; name: string; count: number }) {
  const { t } = useLingui();
  const hits = passage.hits;
  const share = Math.round(passage.support * 100);
  const reason = passage.strong
    ? t`its question covers this one`
    : t({
        message: plural(count, {
          one: `it holds ${hits} of the # word, ${share}% of its weight`,
          other: `it holds ${hits} of the # words, ${share}% of their weight`,
        }),
      });
  return (
    <>
      <Status $used={passage.used}>{passage.used ? t`Used` : t`Not used`}</Status> ·{' '}
      {passage.source.kind === 'website' && passage.source.url ? (
        // The page cited, to open and check (a new tab: Try it keeps its questions).
        <a href={passage.source.url} target="_blank" rel="noreferrer">
          {name}
        </a>
      ) : (
        name
      )}{' '}
      · {reason}
      <Excerpt>{passage.excerpt}</Excerpt>
    </>
  );
}
