/**
 * To review (`/pre-sales/review/{id}`, issue 35): the answers that need a look (rated down, offered a
 * person, not known), newest first, filtered by reason; each opens an editor with the answer
 * prefilled and the passages it used, to Correct (an FAQ answers the question from then on) or to
 * Dismiss. Reached from the dashboard and the menu; trainers only (`trainer.manage`).
 */
import { formatDateTime } from '@conversa/contract/date-format';
import type { ReviewItem, ReviewReason } from '@conversa/contract/review';
import { useCorrectAnswer } from '@conversa/data/review/correct-answer';
import { useDismissReview, useReview } from '@conversa/data/review/review-queue';
import { useAddTestQuestion } from '@conversa/data/review/test-questions';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { EmptyState } from '../../components/empty-state/empty-state';
import { Select } from '../../components/select/select';
import { CorrectionEditor } from '../../components/correction-editor/correction-editor';
import { notifySuccess } from '../../components/toaster/toaster';
import { Waiting } from '../../components/waiting/waiting';
import { Actions, Card, FormAlert, PageTitle, WidePage } from '../../forms/form-layout';
import { LoadFailed } from '../../forms/load-failed';
import { useFailureText } from '../../forms/use-failure-text';
import { Muted } from '../../primitives/muted';
import { StackList } from '../../primitives/stack-list';

const REASONS: Record<ReviewReason, MessageDescriptor> = {
  down: msg`Rated down`,
  handoff: msg`Offered a person`,
  unanswered: msg`Not known`,
};

const Quote = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

export interface ReviewPageProps {
  assistantId: number;
  onNavigate: (path: string) => void;
}

/** The review queue of one assistant. */
export function ReviewPage({ assistantId }: ReviewPageProps) {
  const { t, i18n } = useLingui();
  const [reason, setReason] = useState<ReviewReason | ''>('');
  const [page, setPage] = useState(1);
  const queue = useReview(assistantId, { reason: reason || null, page });
  const failureText = useFailureText();

  let body;
  if (queue.error?.status === 404 || queue.error?.status === 403)
    body = <EmptyState title={t`Not found`}>{null}</EmptyState>;
  else if (queue.error)
    body = <LoadFailed message={failureText(queue.error)} onRetry={() => void queue.mutate()} />;
  else if (!queue.data) body = <Waiting label={t`Loading answers to review`} />;
  else if (queue.data.items.length === 0)
    body = (
      <EmptyState title={t`Nothing to review`}>
        {t`Answers rated down, that offered a person or that the assistant did not know show here.`}
      </EmptyState>
    );
  else
    body = (
      <>
        <StackList aria-label={t`Answers to review`}>
          {queue.data.items.map((item) => (
            <li key={item.message_id}>
              <ReviewCard assistantId={assistantId} item={item} />
            </li>
          ))}
        </StackList>
        {queue.data.pageCount > 1 ? (
          <Actions>
            <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t`Previous page`}
            </Button>
            <Button
              variant="secondary"
              disabled={page >= queue.data.pageCount}
              onClick={() => setPage(page + 1)}
            >
              {t`Next page`}
            </Button>
          </Actions>
        ) : null}
      </>
    );

  return (
    <WidePage>
      <PageTitle>{t`To review`}</PageTitle>
      <Select
        label={t`Why`}
        value={reason}
        onChange={(value) => {
          setReason(value as ReviewReason | '');
          setPage(1);
        }}
        options={[
          { value: '', label: t`All` },
          ...(Object.keys(REASONS) as ReviewReason[]).map((value) => ({
            value,
            label: i18n._(REASONS[value]),
          })),
        ]}
      />
      {body}
    </WidePage>
  );
}

/** One answer to review: the question, the answer, why; Correct opens the editor, Dismiss takes it out. */
function ReviewCard({ assistantId, item }: { assistantId: number; item: ReviewItem }) {
  const { t, i18n } = useLingui();
  const [editing, setEditing] = useState(false);
  const correct = useCorrectAnswer(assistantId);
  const dismiss = useDismissReview(assistantId);
  const addTest = useAddTestQuestion(assistantId);
  const failureText = useFailureText();
  const failure = correct.error ?? dismiss.error ?? addTest.error;
  const save = async (answer: string) => {
    await correct.trigger({ conversationId: item.conversation_id, message_id: item.message_id, answer });
    notifySuccess(msg`The correction was saved: the assistant answers this question with it from now on.`);
    setEditing(false);
  };
  return (
    <Card as="article" aria-label={item.question || t`Answer without a question`}>
      <Muted>
        {i18n._(REASONS[item.reason])} · {formatDateTime(item.created_at)}
        {item.corrected ? ` · ${t`Corrected`}` : ''}
      </Muted>
      <h2>{item.question || t`Answer without a question`}</h2>
      <Quote>{item.answer}</Quote>
      {item.comment ? <Quote>{t`The visitor said: “${item.comment}”`}</Quote> : null}
      {failure ? <FormAlert>{failureText(failure)}</FormAlert> : null}
      {editing ? (
        <CorrectionEditor
          answer={item.answer}
          sources={item.sources}
          saving={correct.isMutating}
          onSave={(answer) => void save(answer).catch(() => undefined)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <Actions>
          <Button onClick={() => setEditing(true)}>{t`Correct`}</Button>
          {item.question ? (
            <Button
              variant="secondary"
              disabled={addTest.isMutating}
              onClick={() =>
                void addTest
                  .trigger(item.question)
                  .then(() => notifySuccess(msg`Added to the test questions.`))
                  .catch(() => undefined)
              }
            >
              {t`Add as test question`}
            </Button>
          ) : null}
          <Button
            variant="secondary"
            disabled={dismiss.isMutating}
            onClick={() => void dismiss.trigger([item.message_id]).catch(() => undefined)}
          >
            {t`Dismiss`}
          </Button>
        </Actions>
      )}
    </Card>
  );
}
