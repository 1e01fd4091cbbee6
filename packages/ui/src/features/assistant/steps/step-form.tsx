/** The frame of one setup step: a form (Enter goes on), its alert, and Back / Skip / Next buttons. */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../../../components/button/button';
import { Actions, Form, FormAlert } from '../../../forms/form-layout';

export interface StepFormProps {
  /** The primary action (next, create, finish). */
  onSubmit: () => void;
  submitLabel: string;
  /** Shows 'Back'. */
  onBack?: () => void;
  /** Shows a secondary 'Skip for now' that moves on without saving. */
  onSkip?: () => void;
  /** Something is being saved: the buttons wait. */
  waiting?: boolean;
  /** A failure that belongs to no field. */
  error?: string | null;
  children?: ReactNode;
}

/** Native form semantics: Enter in a field submits; the buttons are in reading order. */
export function StepForm({
  onSubmit,
  submitLabel,
  onBack,
  onSkip,
  waiting = false,
  error,
  children,
}: StepFormProps) {
  const { t } = useLingui();
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        if (!waiting) onSubmit();
      }}
    >
      {error ? <FormAlert>{error}</FormAlert> : null}
      {children}
      <Actions>
        {onBack ? (
          <Button variant="secondary" disabled={waiting} onClick={onBack}>
            {t`Back`}
          </Button>
        ) : null}
        {onSkip ? (
          <Button variant="ghost" disabled={waiting} onClick={onSkip}>
            {t`Skip for now`}
          </Button>
        ) : null}
        <Button type="submit" waiting={waiting}>
          {submitLabel}
        </Button>
      </Actions>
    </Form>
  );
}
