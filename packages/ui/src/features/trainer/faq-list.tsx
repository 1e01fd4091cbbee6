/**
 * The assistant's FAQs: question/answer pairs that win over documents when the assistant answers
 * (docs/architecture.md#knowledge-and-answers). Add, edit, remove and reorder (up/down buttons, announced), then save the whole list
 * with `PUT institution-product/{id}/faq`: 'FAQ was successfully updated.'.
 */
import {
  FAQ_ANSWER_MAX_LENGTH,
  FAQ_QUESTION_MAX_LENGTH,
  type Faq,
  FaqsSchema,
  MAX_FAQS,
} from '@conversa/contract/assistant';
import { useFaqs } from '@conversa/data/knowledge/get-faqs';
import { useUpdateFaqs } from '@conversa/data/knowledge/update-faqs';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { EmptyState } from '../../components/empty-state/empty-state';
import { TextField } from '../../components/text-field/text-field';
import { notifySuccess } from '../../components/toaster/toaster';
import { Waiting } from '../../components/waiting/waiting';
import { Actions, Card, Intro, SubmitForm } from '../../forms/form-layout';
import { LoadFailed } from '../../forms/load-failed';
import { useFailureText } from '../../forms/use-failure-text';
import { useForm } from '../../forms/use-form';
import { successNotices } from '../../i18n/notices';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { SectionTitle } from './trainer-layout';
import { StackList } from '../../primitives/stack-list';

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
`;

const ItemHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
`;

const ItemTitle = styled.h3`
  margin: 0;
  font-size: 1rem;
  font-weight: 700;
`;

const ItemActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
`;

export interface FaqListProps {
  assistantId: number;
  editable: boolean;
  /** Starts a new FAQ with this question (editors only), its answer focused. */
  newQuestion?: string;
}

/** Loads the FAQs, then their editor. */
export function FaqList({ assistantId, editable, newQuestion }: FaqListProps) {
  const { t } = useLingui();
  const faqs = useFaqs(assistantId);
  const failureText = useFailureText();
  let content;
  if (faqs.data)
    content = (
      <FaqEditor
        key={assistantId}
        assistantId={assistantId}
        initial={faqs.data.faqs}
        editable={editable}
        newQuestion={editable ? newQuestion?.trim().slice(0, FAQ_QUESTION_MAX_LENGTH) : undefined}
      />
    );
  else if (faqs.error)
    content = <LoadFailed message={failureText(faqs.error)} onRetry={() => void faqs.mutate()} />;
  else content = <Waiting block label={t`Loading the FAQs…`} />;
  return (
    <Card as="section" aria-labelledby="faqs-title">
      <SectionTitle id="faqs-title">{t`FAQs`}</SectionTitle>
      <Intro>{t`Questions people often ask, with the answer the assistant should give. FAQs win over your documents.`}</Intro>
      {content}
    </Card>
  );
}

function FaqEditor({
  assistantId,
  initial,
  editable,
  newQuestion,
}: {
  assistantId: number;
  initial: Faq[];
  editable: boolean;
  newQuestion?: string;
}) {
  const { t } = useLingui();
  const base = useId();
  // A question brought from the dashboard starts a new, unsaved FAQ at the end of the list.
  const [added] = useState(() => Boolean(newQuestion) && initial.length < MAX_FAQS);
  // The contract's schema of the saved list: what the server checks, the form checks first.
  const form = useForm(FaqsSchema, {
    faqs: added ? [...initial, { question: newQuestion ?? '', answer: '' }] : initial,
  });
  // Each row's `id` keeps its fields (and focus) through reorders.
  const rows = useFieldArray({ control: form.control, name: 'faqs' });
  const [announcement, setAnnouncement] = useState('');
  const save = useUpdateFaqs(assistantId);

  const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());
  const count = rows.fields.length;

  // The new FAQ's question is given: its answer is what is left to write.
  useEffect(() => {
    if (added) document.getElementById(`${base}-${initial.length}-answer`)?.focus();
  }, [added, base, initial.length]);

  const add = () => {
    rows.append({ question: '', answer: '' }, { shouldFocus: false });
    focusLater(`${base}-${count}-question`);
  };

  const removeAt = (index: number) => {
    rows.remove(index);
    form.clearErrors();
    setAnnouncement(t`FAQ ${index + 1} removed.`);
    // The removed item's buttons are gone: the focus goes to the add button.
    focusLater(`${base}-add`);
  };

  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= count) return;
    rows.move(index, target);
    form.clearErrors();
    setAnnouncement(t`FAQ moved to position ${target + 1} of ${count}.`);
    // Keep the focus on the item's move buttons; at the top or bottom, the other one.
    const edge = by === -1 ? target === 0 : target === count - 1;
    focusLater(`${base}-${target}-${edge === (by === -1) ? 'down' : 'up'}`);
  };

  const submit = form.submit(async (values) => {
    try {
      const saved = await save.trigger({
        faqs: values.faqs.map(({ question, answer }) => ({ question, answer })),
      });
      form.reset({ faqs: saved.faqs });
      notifySuccess(successNotices.faqUpdated);
    } catch (error) {
      // Issues on `faqs.N.question` / `faqs.N.answer` land under their fields; others above the form.
      form.fail(error);
    }
  });

  return (
    <SubmitForm onSubmit={submit} error={form.formError}>
      {count === 0 ? (
        <EmptyState title={t`No FAQs yet`}>
          {editable ? t`Add the questions people ask most.` : null}
        </EmptyState>
      ) : (
        <StackList as="ol" $gap={4} aria-label={t`FAQs`}>
          {rows.fields.map((row, index) => (
            <Item key={row.id} aria-labelledby={`${base}-${index}-title`}>
              <ItemHeader>
                <ItemTitle id={`${base}-${index}-title`}>{t`FAQ ${index + 1}`}</ItemTitle>
                {editable ? (
                  <ItemActions>
                    <Button
                      id={`${base}-${index}-up`}
                      variant="ghost"
                      size="small"
                      disabled={index === 0}
                      aria-label={t`Move FAQ ${index + 1} up`}
                      onClick={() => move(index, -1)}
                    >
                      <span aria-hidden="true">↑</span>
                    </Button>
                    <Button
                      id={`${base}-${index}-down`}
                      variant="ghost"
                      size="small"
                      disabled={index === count - 1}
                      aria-label={t`Move FAQ ${index + 1} down`}
                      onClick={() => move(index, 1)}
                    >
                      <span aria-hidden="true">↓</span>
                    </Button>
                    <Button
                      variant="ghost"
                      size="small"
                      aria-label={t`Remove FAQ ${index + 1}`}
                      onClick={() => removeAt(index)}
                    >
                      {t`Remove`}
                    </Button>
                  </ItemActions>
                ) : null}
              </ItemHeader>
              <TextField
                id={`${base}-${index}-question`}
                label={t`Question`}
                {...form.bind(`faqs.${index}.question`)}
                maxLength={FAQ_QUESTION_MAX_LENGTH}
                required
                disabled={!editable}
              />
              <TextField
                id={`${base}-${index}-answer`}
                label={t`Answer`}
                multiline
                rows={3}
                {...form.bind(`faqs.${index}.answer`)}
                maxLength={FAQ_ANSWER_MAX_LENGTH}
                required
                disabled={!editable}
              />
            </Item>
          ))}
        </StackList>
      )}
      {editable ? (
        <Actions>
          <Button id={`${base}-add`} variant="secondary" disabled={count >= MAX_FAQS} onClick={add}>
            {t`Add FAQ`}
          </Button>
          <Button type="submit" waiting={save.isMutating}>
            {t`Save FAQs`}
          </Button>
        </Actions>
      ) : null}
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>
    </SubmitForm>
  );
}
