/** Up to three suggested questions (docs/product.md#validation): one field each, add and remove, the limit explained. */
import { MAX_SUGGESTED_QUESTIONS } from '@conversa/contract/assistant';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import { useFieldArray } from 'react-hook-form';
import styled from 'styled-components';
import * as v from 'valibot';
import type { Form } from '../../forms/use-form';
import { Hint } from '../../primitives/field';
import { Button } from '../button/button';
import { TextField } from '../text-field/text-field';
import { StackList } from '../../primitives/stack-list';

const Row = styled.li`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
  & > :first-child {
    flex: 1;
  }
`;

// Level with the input rather than with the field's bottom, which moves when an error shows.
const RemoveButton = styled(Button)`
  margin-top: 1.6rem;
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

/** The editor's form values: one row per question (rows are objects, so each keeps its identity). */
export interface QuestionsValues {
  questions: { text: string }[];
}

/** The questions' form schema; blank rows are left out when saving, so the server checks the rest. */
export const QuestionsFormSchema = v.object({ questions: v.array(v.object({ text: v.string() })) });

/** Questions as the editor's values. */
export const questionRows = (questions: readonly string[]): QuestionsValues => ({
  questions: questions.map((text) => ({ text })),
});

export interface QuestionsEditorProps {
  /** The form holding the questions (`useForm(QuestionsFormSchema, questionRows(…))`). */
  form: Form<QuestionsValues>;
  /** Locked for a while (e.g. saving): every control shows, none responds. */
  disabled?: boolean;
  /** For members who may not edit: the questions only, nothing to add or remove. */
  readOnly?: boolean;
}

/** A new question's field takes the focus; removing one moves it to the add button. */
export function QuestionsEditor({ form, disabled = false, readOnly = false }: QuestionsEditorProps) {
  const { t } = useLingui();
  const base = useId();
  const rows = useFieldArray({ control: form.control, name: 'questions' });
  const count = rows.fields.length;
  const previous = useRef(count);
  const full = count >= MAX_SUGGESTED_QUESTIONS;

  useEffect(() => {
    if (count > previous.current) document.getElementById(`${base}-${count - 1}`)?.focus();
    // The removed row's button is gone: the focus must not fall back to the page.
    else if (count < previous.current) document.getElementById(`${base}-add`)?.focus();
    previous.current = count;
  }, [count, base]);

  return (
    <>
      {count > 0 ? (
        <StackList as="ol" $gap={3} aria-label={t`Suggested questions`}>
          {rows.fields.map((row, index) => (
            <Row key={row.id}>
              <TextField
                id={`${base}-${index}`}
                label={t`Question ${index + 1}`}
                {...form.bind(`questions.${index}.text`)}
                maxLength={200}
                disabled={disabled || readOnly}
              />
              {readOnly ? null : (
                <RemoveButton
                  variant="ghost"
                  disabled={disabled}
                  aria-label={t`Remove question ${index + 1}`}
                  onClick={() => rows.remove(index)}
                >
                  <span aria-hidden="true">×</span>
                </RemoveButton>
              )}
            </Row>
          ))}
        </StackList>
      ) : (
        <Hint>{t`No suggested questions yet.`}</Hint>
      )}
      {readOnly ? null : (
        <Footer>
          <Button
            id={`${base}-add`}
            variant="secondary"
            size="small"
            disabled={disabled || full}
            aria-describedby={`${base}-limit`}
            onClick={() => rows.append({ text: '' }, { shouldFocus: false })}
          >
            {t`Add a question`}
          </Button>
          <Hint id={`${base}-limit`}>
            {full
              ? t`That is the most: up to ${MAX_SUGGESTED_QUESTIONS} suggested questions. Remove one to add another.`
              : t`Up to ${MAX_SUGGESTED_QUESTIONS} suggested questions.`}
          </Hint>
        </Footer>
      )}
    </>
  );
}

/** The questions to save: trimmed, blanks left out. */
export function questionsToSave(values: readonly string[]): string[] {
  return values.map((value) => value.trim()).filter((value) => value !== '');
}

/**
 * The editor's field for a server issue on `suggested_questions.N`. The server numbers the list it
 * was sent, so show that list (`questionsToSave`) beside them.
 */
export function questionField(path: string): `questions.${number}.text` | null {
  const match = /^suggested_questions\.(\d+)$/.exec(path);
  return match ? `questions.${Number(match[1])}.text` : null;
}
