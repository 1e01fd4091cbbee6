/**
 * Trainer › Test questions (`/pre-sales/trainer/test-questions/{id}`, issue 35): the questions the
 * assistant is checked against (up to 200: what to ask, whether an answer or a person is expected,
 * words the answer must hold); Run asks them all as a visitor would, and each shows pass or fail
 * beside the run before, so staff see whether a change to the knowledge helped.
 */
import {
  MAX_TEST_QUESTIONS,
  type TestExpectation,
  type TestQuestion,
  type TestRun,
} from '@conversa/contract/review';
import {
  useRunTestQuestions,
  useTestQuestions,
  useTestRuns,
  useUpdateTestQuestions,
} from '@conversa/data/review/test-questions';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../components/button/button';
import { EmptyState } from '../../components/empty-state/empty-state';
import { Select } from '../../components/select/select';
import { TextField } from '../../components/text-field/text-field';
import { notifySuccess } from '../../components/toaster/toaster';
import { Waiting } from '../../components/waiting/waiting';
import { Actions, Card, FormAlert } from '../../forms/form-layout';
import { LoadFailed } from '../../forms/load-failed';
import { useFailureText } from '../../forms/use-failure-text';
import { Muted } from '../../primitives/muted';
import { SectionTitle, TrainerLayout } from './trainer-layout';

export interface TestQuestionsPageProps {
  assistantId: number;
  onNavigate: (path: string) => void;
}

/** The trainer's test questions of one assistant. */
export function TestQuestionsPage({ assistantId, onNavigate }: TestQuestionsPageProps) {
  const { t } = useLingui();
  const questions = useTestQuestions(assistantId);
  const failureText = useFailureText();
  return (
    <TrainerLayout assistantId={assistantId} tab="test-questions" onNavigate={onNavigate}>
      {() =>
        questions.data ? (
          <TestQuestionsEditor
            key={assistantId}
            assistantId={assistantId}
            initial={questions.data.questions}
          />
        ) : questions.error ? (
          <LoadFailed message={failureText(questions.error)} onRetry={() => void questions.mutate()} />
        ) : (
          <Waiting label={t`Loading the test questions`} />
        )
      }
    </TrainerLayout>
  );
}

/** One result's words: passed, or why not. */
function useVerdict() {
  const { t } = useLingui();
  return (run: TestRun | undefined, index: number, question: string) => {
    const result = run?.results[index];
    if (!result || result.question !== question) return t`Not run`;
    if (result.passed) return t`Passed`;
    if (result.reason === 'not_answered') return t`Failed: it did not answer`;
    if (result.reason === 'not_handed_off') return t`Failed: it did not offer a person`;
    return t`Failed: missing ${result.missing.join(', ')}`;
  };
}

function TestQuestionsEditor({ assistantId, initial }: { assistantId: number; initial: TestQuestion[] }) {
  const { t } = useLingui();
  const [rows, setRows] = useState(() =>
    initial.map((row) => ({ ...row, words: row.must_include.join(', ') })),
  );
  const save = useUpdateTestQuestions(assistantId);
  const run = useRunTestQuestions(assistantId);
  const runs = useTestRuns(assistantId);
  const failureText = useFailureText();
  const verdict = useVerdict();
  const [last, before] = runs.data?.items ?? [];
  const failure = save.error ?? run.error;
  const edit = (index: number, change: Partial<(typeof rows)[number]>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const submit = async () => {
    await save.trigger({
      questions: rows.map(({ question, expect, words }) => ({
        question,
        expect,
        must_include: words
          .split(',')
          .map((word) => word.trim())
          .filter(Boolean),
      })),
    });
    notifySuccess(msg`Update successfully.`);
  };
  return (
    <>
      <SectionTitle>{t`Test questions`}</SectionTitle>
      <Muted>{t`Run them after a change to the knowledge: each is asked as a visitor would ask it.`}</Muted>
      {failure ? <FormAlert>{failureText(failure)}</FormAlert> : null}
      {rows.length === 0 ? <EmptyState title={t`No test questions yet`}>{null}</EmptyState> : null}
      <ol aria-label={t`Test questions`}>
        {rows.map((row, index) => (
          <li key={index}>
            <Card>
              <TextField
                label={t`Question ${index + 1}`}
                value={row.question}
                onChange={(question) => edit(index, { question })}
              />
              <Select
                label={t`Expect`}
                value={row.expect}
                onChange={(value) => edit(index, { expect: value as TestExpectation })}
                options={[
                  { value: 'answer', label: t`An answer` },
                  { value: 'handoff', label: t`A person offered` },
                ]}
              />
              <TextField
                label={t`The answer must hold (separated by commas)`}
                value={row.words}
                onChange={(words) => edit(index, { words })}
              />
              <p>
                {t`Last run`}: {verdict(last, index, row.question)} · {t`Run before`}:{' '}
                {verdict(before, index, row.question)}
              </p>
              <Button
                variant="secondary"
                size="small"
                onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
              >
                {t`Remove question ${index + 1}`}
              </Button>
            </Card>
          </li>
        ))}
      </ol>
      <Actions>
        <Button
          variant="secondary"
          disabled={rows.length >= MAX_TEST_QUESTIONS}
          onClick={() =>
            setRows((current) => [
              ...current,
              { question: '', expect: 'answer', must_include: [], words: '' },
            ])
          }
        >
          {t`Add test question`}
        </Button>
        <Button disabled={save.isMutating} onClick={() => void submit().catch(() => undefined)}>
          {t`Save test questions`}
        </Button>
        <Button
          disabled={run.isMutating || rows.length === 0}
          onClick={() => void run.trigger().catch(() => undefined)}
        >
          {run.isMutating ? t`Running…` : t`Run the tests`}
        </Button>
      </Actions>
      {last ? (
        <p role="status">
          {t`Last run: ${last.passed} passed, ${last.failed} failed`}
          {before ? ` · ${t`Run before: ${before.passed} passed, ${before.failed} failed`}` : ''}
        </p>
      ) : null}
    </>
  );
}
