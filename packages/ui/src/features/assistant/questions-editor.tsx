/** Up to three suggested questions (SPEC §5): one field each, add and remove, the limit explained. */
import { MAX_SUGGESTED_QUESTIONS } from '@conversa/contract/assistant';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { TextField } from '../../components/text-field/text-field';
import { Hint } from '../../primitives/field';

const Rows = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.li`
  display: flex;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  & > :first-child {
    flex: 1;
  }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

export interface QuestionsEditorProps {
  values: string[];
  onChange: (values: string[]) => void;
  /** Messages by question index (e.g. the server's `suggested_questions.1`). */
  errors?: Record<number, string | undefined>;
  disabled?: boolean;
}

/** A new question's field takes the focus; removing one moves it to the add button. */
export function QuestionsEditor({ values, onChange, errors = {}, disabled = false }: QuestionsEditorProps) {
  const { t } = useLingui();
  const base = useId();
  const previous = useRef(values.length);
  const full = values.length >= MAX_SUGGESTED_QUESTIONS;

  useEffect(() => {
    if (values.length > previous.current) document.getElementById(`${base}-${values.length - 1}`)?.focus();
    // The removed row's button is gone: the focus must not fall back to the page.
    else if (values.length < previous.current) document.getElementById(`${base}-add`)?.focus();
    previous.current = values.length;
  }, [values.length, base]);

  return (
    <>
      {values.length > 0 ? (
        <Rows aria-label={t`Suggested questions`}>
          {values.map((value, index) => (
            <Row key={index}>
              <TextField
                id={`${base}-${index}`}
                label={t`Question ${index + 1}`}
                value={value}
                maxLength={200}
                disabled={disabled}
                error={errors[index]}
                onChange={(next) => onChange(values.map((old, i) => (i === index ? next : old)))}
              />
              <Button
                variant="ghost"
                disabled={disabled}
                aria-label={t`Remove question ${index + 1}`}
                onClick={() => onChange(values.filter((_, i) => i !== index))}
              >
                <span aria-hidden="true">×</span>
              </Button>
            </Row>
          ))}
        </Rows>
      ) : null}
      <Footer>
        <Button
          id={`${base}-add`}
          variant="secondary"
          size="small"
          disabled={disabled || full}
          aria-describedby={`${base}-limit`}
          onClick={() => onChange([...values, ''])}
        >
          {t`Add a question`}
        </Button>
        <Hint id={`${base}-limit`}>
          {full
            ? t`That is the most: up to ${MAX_SUGGESTED_QUESTIONS} suggested questions. Remove one to add another.`
            : t`Up to ${MAX_SUGGESTED_QUESTIONS} suggested questions. Visitors see them as buttons when the chat opens.`}
        </Hint>
      </Footer>
    </>
  );
}

/** The questions to save: trimmed, blanks left out. */
export function questionsToSave(values: readonly string[]): string[] {
  return values.map((value) => value.trim()).filter((value) => value !== '');
}
