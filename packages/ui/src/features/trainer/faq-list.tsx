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
import { Button } from '../../components/button/button';
import {
  SortableItem,
  SortableList,
  type SortableTexts,
  useSortableRows,
} from '../../components/sortable-list/sortable-list';
import { EmptyState } from '../../components/empty-state/empty-state';
import { TextField } from '../../components/text-field/text-field';
import { notifySuccess } from '../../components/toaster/toaster';
import { Waiting } from '../../components/waiting/waiting';
import { Actions, Card, Intro, SubmitForm } from '../../forms/form-layout';
import { LoadFailed } from '../../forms/load-failed';
import { useFailureText } from '../../forms/use-failure-text';
import { useForm } from '../../forms/use-form';
import { successNotices } from '../../i18n/notices';
import { SectionTitle } from './trainer-layout';

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
  const save = useUpdateFaqs(assistantId);
  const texts: SortableTexts = {
    title: (n) => t`FAQ ${n}`,
    moveUp: (n) => t`Move FAQ ${n} up`,
    moveDown: (n) => t`Move FAQ ${n} down`,
    remove: (n) => t`Remove FAQ ${n}`,
    removed: (n) => t`FAQ ${n} removed.`,
    moved: (position, total) => t`FAQ moved to position ${position} of ${total}.`,
    removeLabel: t`Remove`,
  };
  const list = useSortableRows(rows, { base, texts, onChange: () => form.clearErrors() });
  const count = rows.fields.length;

  // The new FAQ's question is given: its answer is what is left to write.
  useEffect(() => {
    if (added) document.getElementById(`${base}-${initial.length}-answer`)?.focus();
  }, [added, base, initial.length]);

  const add = () => {
    rows.append({ question: '', answer: '' }, { shouldFocus: false });
    list.focusLater(`${base}-${count}-question`);
  };

  const submit = form.submit(async (values) => {
    try {
      const saved = await save.trigger({
        // Each saved FAQ goes back with its id: it stays the same FAQ however much of it is edited.
        faqs: values.faqs.map(({ id, question, answer }) => ({ ...(id ? { id } : {}), question, answer })),
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
        <SortableList label={t`FAQs`} announcement={list.announcement}>
          {rows.fields.map((row, index) => (
            <SortableItem
              key={row.id}
              base={base}
              index={index}
              count={count}
              texts={texts}
              list={list}
              editable={editable}
            >
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
            </SortableItem>
          ))}
        </SortableList>
      )}
      {editable ? (
        <Actions>
          <Button id={list.addId} variant="secondary" disabled={count >= MAX_FAQS} onClick={add}>
            {t`Add FAQ`}
          </Button>
          <Button type="submit" waiting={save.isMutating}>
            {t`Save FAQs`}
          </Button>
        </Actions>
      ) : null}
    </SubmitForm>
  );
}
