/** Up to three suggested questions (SPEC §5): one field each, add and remove, the limit explained. */
import type { Issue } from '@conversa/contract/common';
import { MAX_SUGGESTED_QUESTIONS } from '@conversa/contract/assistant';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import styled from 'styled-components';
import { issueMessage } from '../../i18n/codes';
import { Hint } from '../../primitives/field';
import { Button } from '../button/button';
import { TextField } from '../text-field/text-field';

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

export interface QuestionsEditorProps {
  values: string[];
  onChange: (values: string[]) => void;
  /** Messages by question index (see `questionErrors`). */
  errors?: Record<number, string | undefined>;
  /** Locked for a while (e.g. saving): every control shows, none responds. */
  disabled?: boolean;
  /** For members who may not edit: the questions only, nothing to add or remove. */
  readOnly?: boolean;
}

/** A new question's field takes the focus; removing one moves it to the add button. */
export function QuestionsEditor({
  values,
  onChange,
  errors = {},
  disabled = false,
  readOnly = false,
}: QuestionsEditorProps) {
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
                disabled={disabled || readOnly}
                error={errors[index]}
                onChange={(next) => onChange(values.map((old, i) => (i === index ? next : old)))}
              />
              {readOnly ? null : (
                <RemoveButton
                  variant="ghost"
                  disabled={disabled}
                  aria-label={t`Remove question ${index + 1}`}
                  onClick={() => onChange(values.filter((_, i) => i !== index))}
                >
                  <span aria-hidden="true">×</span>
                </RemoveButton>
              )}
            </Row>
          ))}
        </Rows>
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
            onClick={() => onChange([...values, ''])}
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
 * The server's issues on `suggested_questions.N`, as messages by index (the first per question).
 * The server numbers the list it was sent, so show that list (`questionsToSave`) beside them.
 */
export function questionErrors(issues: readonly Issue[], i18n: I18n): Record<number, string> {
  const byIndex: Record<number, string> = {};
  for (const issue of issues) {
    const match = /^suggested_questions\.(\d+)$/.exec(issue.path);
    if (match) byIndex[Number(match[1])] ??= issueMessage(issue, i18n);
  }
  return byIndex;
}
