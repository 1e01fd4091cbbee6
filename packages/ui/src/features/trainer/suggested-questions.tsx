/**
 * The assistant's suggested questions (SPEC §5: at most three), the buttons a visitor sees when the
 * chat opens; saved with `PUT institution-product/{id}`. At three, adding is disabled and says why.
 */
import { type InstitutionProductDetail, MAX_SUGGESTED_QUESTIONS } from '@conversa/contract/assistant';
import { useUpdateAssistant } from '@conversa/data/assistants/update-assistant';
import { isApiRequestError } from '@conversa/data/errors';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { TextField } from '../../components/text-field/text-field';
import { notifySuccess } from '../../components/toaster/toaster';
import { Actions, Card, Form, FormAlert, Intro } from '../../forms/form-layout';
import { issueMessage } from '../../i18n/codes';
import { successNotices } from '../../i18n/notices';
import { Hint } from '../../primitives/field';
import { useFailureText } from '../../forms/use-failure-text';
import { SectionTitle } from './trainer-layout';

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

const RemoveButton = styled(Button)`
  margin-top: 1.6rem;
`;

export interface SuggestedQuestionsProps {
  assistant: InstitutionProductDetail;
  editable: boolean;
}

/** Edit, add (up to three) and remove; blank rows are dropped when saving. */
export function SuggestedQuestions({ assistant, editable }: SuggestedQuestionsProps) {
  const { t, i18n } = useLingui();
  const base = useId();
  const [values, setValues] = useState<string[]>(assistant.suggested_questions);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateAssistant(assistant.id);
  const failureText = useFailureText();
  const full = values.length >= MAX_SUGGESTED_QUESTIONS;

  // A new row takes the focus; a removed row's button is gone, so the add button does.
  const previous = useRef(values.length);
  useEffect(() => {
    if (values.length > previous.current) document.getElementById(`${base}-${values.length - 1}`)?.focus();
    else if (values.length < previous.current) document.getElementById(`${base}-add`)?.focus();
    previous.current = values.length;
  }, [values.length, base]);

  const change = (next: string[]) => {
    setValues(next);
    setErrors({});
  };

  const submit = async () => {
    const questions = values.map((value) => value.trim()).filter((value) => value !== '');
    setFormError(null);
    try {
      const saved = await update.trigger({ suggested_questions: questions });
      setValues(saved.suggested_questions);
      setErrors({});
      notifySuccess(successNotices.faqUpdated);
    } catch (error) {
      const byIndex: Record<number, string> = {};
      let placed = false;
      if (isApiRequestError(error)) {
        for (const issue of error.issues) {
          const match = /^suggested_questions\.(\d+)$/.exec(issue.path);
          if (match) {
            // The server numbers the saved list (blanks left out), which is the list now shown.
            byIndex[Number(match[1])] ??= issueMessage(issue, i18n);
            placed = true;
          }
        }
      }
      setValues(questions);
      setErrors(byIndex);
      if (!placed) setFormError(failureText(error));
    }
  };

  return (
    <Card as="section" aria-labelledby={`${base}-title`}>
      <SectionTitle id={`${base}-title`}>{t`Suggested questions`}</SectionTitle>
      <Intro>{t`Visitors see them as buttons when the chat opens.`}</Intro>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        {values.length > 0 ? (
          <Rows aria-label={t`Suggested questions`}>
            {values.map((value, index) => (
              <Row key={index}>
                <TextField
                  id={`${base}-${index}`}
                  label={t`Question ${index + 1}`}
                  value={value}
                  maxLength={200}
                  disabled={!editable}
                  error={errors[index]}
                  onChange={(next) => change(values.map((old, i) => (i === index ? next : old)))}
                />
                {editable ? (
                  <RemoveButton
                    variant="ghost"
                    aria-label={t`Remove question ${index + 1}`}
                    onClick={() => change(values.filter((_, i) => i !== index))}
                  >
                    <span aria-hidden="true">×</span>
                  </RemoveButton>
                ) : null}
              </Row>
            ))}
          </Rows>
        ) : (
          <Hint>{t`No suggested questions yet.`}</Hint>
        )}
        {editable ? (
          <Actions>
            <Button
              id={`${base}-add`}
              variant="secondary"
              size="small"
              disabled={full}
              aria-describedby={`${base}-limit`}
              onClick={() => change([...values, ''])}
            >
              {t`Add a question`}
            </Button>
            <Hint id={`${base}-limit`}>
              {full
                ? t`That is the most: up to ${MAX_SUGGESTED_QUESTIONS} suggested questions. Remove one to add another.`
                : t`Up to ${MAX_SUGGESTED_QUESTIONS} suggested questions.`}
            </Hint>
          </Actions>
        ) : null}
        {editable ? (
          <Actions>
            <Button type="submit" waiting={update.isMutating}>
              {t`Save suggested questions`}
            </Button>
          </Actions>
        ) : null}
      </Form>
    </Card>
  );
}
