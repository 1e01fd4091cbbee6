/** A start and end date (native date inputs), limited to 1900-01-01..2099-12-31 (docs/product.md#constants). */
import { ValidationCode } from '@conversa/contract/codes';
import { DATE_MAX, DATE_MIN } from '@conversa/contract/constants';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useId, useState } from 'react';
import styled from 'styled-components';
import { validationMessage } from '../../i18n/codes';
import { Input } from '../../primitives/control';
import { ErrorText, Label } from '../../primitives/field';

/** ISO dates (`YYYY-MM-DD`); '' when not set. */
export interface DateRangeValue {
  start: string;
  end: string;
}

const Fieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1.5)};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: none;
`;

const Legend = styled.legend`
  margin-bottom: ${({ theme }) => theme.space(1.5)};
  padding: 0;
  font-size: 0.875rem;
  font-weight: 600;
`;

const Pair = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  gap: ${({ theme }) => theme.space(3)};
`;

const Part = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
`;

/** `YYYY-MM-DD` as `DD/MM/YYYY` (docs/product.md#constants date format). */
export function formatIsoDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

type RangeIssue = { field: 'start' | 'end'; kind: 'range' | 'order' } | null;

/** The first problem of a range: a date outside the limits, or an end before the start. */
export function checkDateRange({ start, end }: DateRangeValue): RangeIssue {
  const outside = (date: string) => date !== '' && (date < DATE_MIN || date > DATE_MAX);
  if (outside(start)) return { field: 'start', kind: 'range' };
  if (outside(end)) return { field: 'end', kind: 'range' };
  if (start !== '' && end !== '' && end < start) return { field: 'end', kind: 'order' };
  return null;
}

export interface DateRangeProps {
  label: ReactNode;
  value: DateRangeValue;
  /** Called only with valid ranges; an invalid one stays local and shows its error. */
  onChange: (value: DateRangeValue) => void;
  startLabel?: string;
  endLabel?: string;
  /** An error from outside, shown under both dates. */
  error?: ReactNode;
  disabled?: boolean;
}

/** Rejects an end earlier than the start with 'End date cannot be earlier than start date'. */
export function DateRange({
  label,
  value,
  onChange,
  startLabel,
  endLabel,
  error,
  disabled = false,
}: DateRangeProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // A new value from the parent replaces whatever was being typed.
  if (value.start !== shown.start || value.end !== shown.end) {
    setShown(value);
    setDraft(value);
  }
  const issue = checkDateRange(draft);
  const message =
    issue?.kind === 'order'
      ? validationMessage(ValidationCode.endBeforeStart, {}, i18n)
      : issue
        ? t`Choose a date between ${formatIsoDate(DATE_MIN)} and ${formatIsoDate(DATE_MAX)}.`
        : null;
  const update = (part: keyof DateRangeValue, date: string) => {
    const next = { ...draft, [part]: date };
    setDraft(next);
    if (!checkDateRange(next)) {
      setShown(next);
      onChange(next);
    }
  };
  const describe = (part: 'start' | 'end') =>
    [issue?.field === part ? `${id}-issue` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <Fieldset disabled={disabled}>
      <Legend>{label}</Legend>
      <Pair>
        {(['start', 'end'] as const).map((part) => (
          <Part key={part}>
            <Label htmlFor={`${id}-${part}`}>
              {part === 'start' ? (startLabel ?? t`Start date`) : (endLabel ?? t`End date`)}
            </Label>
            <Input
              id={`${id}-${part}`}
              type="date"
              min={part === 'end' && draft.start ? draft.start : DATE_MIN}
              max={DATE_MAX}
              value={draft[part]}
              aria-invalid={issue?.field === part || error ? true : undefined}
              aria-describedby={describe(part)}
              onChange={(event) => update(part, event.target.value)}
            />
          </Part>
        ))}
      </Pair>
      {message ? (
        <ErrorText id={`${id}-issue`} role="alert">
          {message}
        </ErrorText>
      ) : null}
      {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
    </Fieldset>
  );
}
