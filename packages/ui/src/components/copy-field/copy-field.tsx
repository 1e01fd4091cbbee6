/** A read-only value (public link, embed snippet) with a Copy button that says 'Copied!'. */
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { Input, TextArea } from '../../primitives/control';
import { describedBy, Field } from '../../primitives/field';
import { Button } from '../button/button';

const Row = styled.div<{ $multiline: boolean }>`
  display: flex;
  flex-direction: ${({ $multiline }) => ($multiline ? 'column' : 'row')};
  align-items: ${({ $multiline }) => ($multiline ? 'flex-end' : 'stretch')};
  gap: ${({ theme }) => theme.space(2)};
  & > input,
  & > textarea {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.8125rem;
  }
`;

/** How long 'Copied!' stays. */
const COPIED_MS = 2000;

export interface CopyFieldProps {
  label: ReactNode;
  value: string;
  /** A snippet: shows a text area instead of a one-line input. */
  multiline?: boolean;
  hint?: ReactNode;
  disabled?: boolean;
  /** The value is not there yet. */
  waiting?: boolean;
  /** After a successful copy. */
  onCopied?: () => void;
}

/** Copies with the Clipboard API; if that fails it says so and selects the text for a manual copy. */
export function CopyField({
  label,
  value,
  multiline = false,
  hint,
  disabled = false,
  waiting = false,
  onCopied,
}: CopyFieldProps) {
  const { t } = useLingui();
  const id = useId();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
      onCopied?.();
    } catch {
      setState('failed');
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  };
  const error = state === 'failed' ? t`Could not copy. Select the text and copy it manually.` : undefined;
  const control = {
    id,
    value: waiting ? '' : value,
    readOnly: true,
    disabled,
    placeholder: waiting ? t`Loading…` : undefined,
    'aria-busy': waiting || undefined,
    'aria-describedby': describedBy(id, hint, error),
    onFocus: (event: { target: HTMLInputElement | HTMLTextAreaElement }) => event.target.select(),
  };
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <Row $multiline={multiline}>
        {multiline ? <TextArea {...control} rows={4} /> : <Input {...control} />}
        <Button
          variant="secondary"
          disabled={disabled || waiting || value === ''}
          waiting={waiting}
          onClick={copy}
        >
          <span aria-live="polite">{state === 'copied' ? t`Copied!` : t`Copy`}</span>
        </Button>
      </Row>
    </Field>
  );
}
