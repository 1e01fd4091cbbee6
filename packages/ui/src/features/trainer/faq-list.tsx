/**
 * The assistant's FAQs: question/answer pairs that win over documents when the assistant answers
 * (DESIGN §5). Add, edit, remove and reorder (up/down buttons, announced), then save the whole list
 * with `PUT institution-product/{id}/faq`: 'FAQ was successfully updated.'.
 */
import { type Faq, MAX_FAQS } from '@conversa/contract/assistant';
import { ValidationCode } from '@conversa/contract/codes';
import { useFaqs } from '@conversa/data/knowledge/get-faqs';
import { useUpdateFaqs } from '@conversa/data/knowledge/update-faqs';
import { isApiRequestError } from '@conversa/data/errors';
import { useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { EmptyState } from '../../components/empty-state/empty-state';
import { TextField } from '../../components/text-field/text-field';
import { notifySuccess } from '../../components/toaster/toaster';
import { Waiting } from '../../components/waiting/waiting';
import { Actions, Card, Intro, SubmitForm } from '../../forms/form-layout';
import { LoadFailed } from '../../forms/load-failed';
import { useFailureText } from '../../forms/use-failure-text';
import { issueMessage, validationMessage } from '../../i18n/codes';
import { successNotices } from '../../i18n/notices';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { SectionTitle } from './trainer-layout';

const Items = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

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

/** A row being edited; `key` keeps its fields (and focus) through reorders. */
interface Row extends Faq {
  key: number;
}

type RowErrors = Record<number, { question?: string; answer?: string }>;

export interface FaqListProps {
  productId: number;
  editable: boolean;
}

/** Loads the FAQs, then their editor. */
export function FaqList({ productId, editable }: FaqListProps) {
  const { t } = useLingui();
  const faqs = useFaqs(productId);
  const failureText = useFailureText();
  let content;
  if (faqs.data)
    content = (
      <FaqEditor key={productId} productId={productId} initial={faqs.data.faqs} editable={editable} />
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
  productId,
  initial,
  editable,
}: {
  productId: number;
  initial: Faq[];
  editable: boolean;
}) {
  const { t, i18n } = useLingui();
  const base = useId();
  const nextKey = useRef(0);
  const keyed = (faqs: readonly Faq[]): Row[] => faqs.map((faq) => ({ ...faq, key: nextKey.current++ }));
  const [rows, setRows] = useState<Row[]>(() => keyed(initial));
  const [errors, setErrors] = useState<RowErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const save = useUpdateFaqs(productId);
  const failureText = useFailureText();

  const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

  const edit = (key: number, field: keyof Faq, value: string) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
    setErrors((current) => {
      const index = rows.findIndex((row) => row.key === key);
      if (!current[index]?.[field]) return current;
      return { ...current, [index]: { ...current[index], [field]: undefined } };
    });
  };

  const add = () => {
    const row = { question: '', answer: '', key: nextKey.current++ };
    setRows((current) => [...current, row]);
    focusLater(`${base}-${row.key}-question`);
  };

  const removeAt = (index: number) => {
    setRows((current) => current.filter((_, i) => i !== index));
    setErrors({});
    setAnnouncement(t`FAQ ${index + 1} removed.`);
    // The removed item's buttons are gone: the focus goes to the add button.
    focusLater(`${base}-add`);
  };

  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= rows.length) return;
    const moved = rows[index]!;
    setRows((current) => {
      const next = [...current];
      [next[index], next[target]] = [next[target]!, next[index]!];
      return next;
    });
    setErrors({});
    setAnnouncement(t`FAQ moved to position ${target + 1} of ${rows.length}.`);
    // Keep the focus on the item's move buttons; at the top or bottom, the other one.
    const edge = by === -1 ? target === 0 : target === rows.length - 1;
    focusLater(`${base}-${moved.key}-${edge === (by === -1) ? 'down' : 'up'}`);
  };

  const validate = (): boolean => {
    const found: RowErrors = {};
    rows.forEach((row, index) => {
      const question =
        row.question.trim() === '' ? validationMessage(ValidationCode.required, {}, i18n) : undefined;
      const answer =
        row.answer.trim() === '' ? validationMessage(ValidationCode.required, {}, i18n) : undefined;
      if (question || answer) found[index] = { question, answer };
    });
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const submit = async () => {
    setFormError(null);
    if (!validate()) return;
    try {
      const saved = await save.trigger({ faqs: rows.map(({ question, answer }) => ({ question, answer })) });
      setRows(keyed(saved.faqs));
      notifySuccess(successNotices.faqUpdated);
    } catch (error) {
      const found: RowErrors = {};
      let placed = false;
      if (isApiRequestError(error)) {
        for (const issue of error.issues) {
          const match = /^faqs\.(\d+)\.(question|answer)$/.exec(issue.path);
          if (!match) continue;
          const index = Number(match[1]);
          const field = match[2] as keyof Faq;
          found[index] = { ...found[index], [field]: found[index]?.[field] ?? issueMessage(issue, i18n) };
          placed = true;
        }
      }
      setErrors(found);
      if (!placed) setFormError(failureText(error));
    }
  };

  return (
    <SubmitForm onSubmit={submit} error={formError}>
      {rows.length === 0 ? (
        <EmptyState title={t`No FAQs yet`}>
          {editable ? t`Add the questions people ask most.` : null}
        </EmptyState>
      ) : (
        <Items aria-label={t`FAQs`}>
          {rows.map((row, index) => (
            <Item key={row.key} aria-labelledby={`${base}-${row.key}-title`}>
              <ItemHeader>
                <ItemTitle id={`${base}-${row.key}-title`}>{t`FAQ ${index + 1}`}</ItemTitle>
                {editable ? (
                  <ItemActions>
                    <Button
                      id={`${base}-${row.key}-up`}
                      variant="ghost"
                      size="small"
                      disabled={index === 0}
                      aria-label={t`Move FAQ ${index + 1} up`}
                      onClick={() => move(index, -1)}
                    >
                      <span aria-hidden="true">↑</span>
                    </Button>
                    <Button
                      id={`${base}-${row.key}-down`}
                      variant="ghost"
                      size="small"
                      disabled={index === rows.length - 1}
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
                id={`${base}-${row.key}-question`}
                label={t`Question`}
                value={row.question}
                maxLength={500}
                required
                disabled={!editable}
                error={errors[index]?.question}
                onChange={(value) => edit(row.key, 'question', value)}
              />
              <TextField
                id={`${base}-${row.key}-answer`}
                label={t`Answer`}
                multiline
                rows={3}
                value={row.answer}
                maxLength={5000}
                required
                disabled={!editable}
                error={errors[index]?.answer}
                onChange={(value) => edit(row.key, 'answer', value)}
              />
            </Item>
          ))}
        </Items>
      )}
      {editable ? (
        <Actions>
          <Button id={`${base}-add`} variant="secondary" disabled={rows.length >= MAX_FAQS} onClick={add}>
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
