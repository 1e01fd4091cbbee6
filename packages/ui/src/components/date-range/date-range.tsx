/**
 * A start and end date (docs/product.md#constants): each typed as DD/MM/YYYY or picked on a
 * calendar, limited to 1900-01-01..2099-12-31, and an end before the start refused with the SPEC
 * text. Only complete, valid ranges reach the caller; what is being typed stays local.
 */
import { ValidationCode } from '@conversa/contract/codes';
import { DATE_MAX, DATE_MIN } from '@conversa/contract/constants';
import { useLingui } from '@lingui/react/macro';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { validationMessage } from '../../i18n/codes';
import { Input } from '../../primitives/control';
import { ErrorText, Label } from '../../primitives/field';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { Icon } from '../sidebar/icons';
import { Waiting } from '../waiting';
import { formatIsoDate, isoFromText } from './date-text';

export { formatIsoDate };

/** The calendar, its own chunk (react-day-picker and date-fns' locales). */
const Calendar = lazy(() => import('./calendar'));

/** ISO dates (`YYYY-MM-DD`); '' when not set. */
export interface DateRangeValue {
  start: string;
  end: string;
}

type Part = keyof DateRangeValue;

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
  grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
  gap: ${({ theme }) => theme.space(3)};
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
`;

const Control = styled.div`
  position: relative;
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
`;

const CalendarButton = styled.button`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => theme.controlHeight.medium};
  min-height: ${({ theme }) => theme.controlHeight.medium};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.hover};
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

const Panel = styled.div`
  position: absolute;
  top: calc(100% + 4px);
  right: 0;
  z-index: 50;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadow};
`;

/**
 * The calendar button and the panel it opens under the field (a disclosure, not Headless UI's
 * Popover: its panel, loaded lazily, made it add focus guards that axe rightly flags). Escape or a
 * press elsewhere closes it; Escape and a pick put the focus back on the button.
 */
function CalendarToggle({ label, children }: { label: string; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);
  useEffect(() => {
    if (!open) return undefined;
    const away = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open, close]);
  return (
    <>
      <CalendarButton
        ref={button}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((current) => !current)}
      >
        <Icon name="calendar" size={20} />
      </CalendarButton>
      {open ? (
        <Panel
          ref={panel}
          id={panelId}
          role="dialog"
          aria-label={label}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.stopPropagation();
            close(true);
          }}
        >
          {children(() => close(true))}
        </Panel>
      ) : null}
    </>
  );
}

type RangeIssue = { field: Part; kind: 'format' | 'range' | 'order' } | null;

/** A local day as `YYYY-MM-DD`. */
function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last 30 days, today included, in the browser's time zone: the dashboards' first range. */
export function lastThirtyDays(today = new Date()): DateRangeValue {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29);
  return { start: isoDay(start), end: isoDay(today) };
}

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

const textsOf = (value: DateRangeValue) => ({
  start: formatIsoDate(value.start),
  end: formatIsoDate(value.end),
});

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
  // What is typed in each field, and which fields were left (a half-typed date is no error yet).
  const [texts, setTexts] = useState(() => textsOf(value));
  const [left, setLeft] = useState<Record<Part, boolean>>({ start: false, end: false });
  const [shown, setShown] = useState(value);
  // A new value from the parent replaces whatever was being typed.
  if (value.start !== shown.start || value.end !== shown.end) {
    setShown(value);
    setTexts(textsOf(value));
  }
  const parsed = { start: isoFromText(texts.start), end: isoFromText(texts.end) };
  const unreadable = (['start', 'end'] as const).find((part) => parsed[part] === null && left[part]);
  const issue: RangeIssue = unreadable
    ? { field: unreadable, kind: 'format' }
    : parsed.start === null || parsed.end === null
      ? null
      : checkDateRange({ start: parsed.start, end: parsed.end });
  const message =
    issue?.kind === 'order'
      ? validationMessage(ValidationCode.endBeforeStart, {}, i18n)
      : issue?.kind === 'range'
        ? t`Choose a date between ${formatIsoDate(DATE_MIN)} and ${formatIsoDate(DATE_MAX)}.`
        : issue
          ? t`Enter the date as DD/MM/YYYY, for example ${formatIsoDate('2024-03-31')}.`
          : null;

  const update = (part: Part, text: string) => {
    const nextTexts = { ...texts, [part]: text };
    setTexts(nextTexts);
    const next = { start: isoFromText(nextTexts.start), end: isoFromText(nextTexts.end) };
    if (next.start === null || next.end === null) return;
    const range = { start: next.start, end: next.end };
    if (checkDateRange(range) || (range.start === shown.start && range.end === shown.end)) return;
    setShown(range);
    onChange(range);
  };
  const describe = (part: Part) =>
    [`${id}-format`, issue?.field === part ? `${id}-issue` : null, error ? `${id}-error` : null]
      .filter(Boolean)
      .join(' ');
  const labels = { start: startLabel ?? t`Start date`, end: endLabel ?? t`End date` };
  const calendarLabels = {
    start: t`Choose the start date on a calendar`,
    end: t`Choose the end date on a calendar`,
  };
  return (
    <Fieldset disabled={disabled}>
      <Legend>{label}</Legend>
      <VisuallyHidden id={`${id}-format`}>{t`Format: DD/MM/YYYY.`}</VisuallyHidden>
      <Pair>
        {(['start', 'end'] as const).map((part) => {
          const selected = parsed[part] ?? '';
          return (
            <Field key={part}>
              <Label htmlFor={`${id}-${part}`}>{labels[part]}</Label>
              <Control>
                <Input
                  id={`${id}-${part}`}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder={t`DD/MM/YYYY`}
                  value={texts[part]}
                  aria-invalid={issue?.field === part || error ? true : undefined}
                  aria-describedby={describe(part)}
                  onChange={(event) => {
                    setLeft((current) => ({ ...current, [part]: false }));
                    update(part, event.target.value);
                  }}
                  onBlur={() => setLeft((current) => ({ ...current, [part]: true }))}
                />
                <CalendarToggle label={calendarLabels[part]}>
                  {(close) => (
                    <Suspense fallback={<Waiting label={t`Loading the calendar…`} />}>
                      <Calendar
                        selected={selected && selected >= DATE_MIN && selected <= DATE_MAX ? selected : ''}
                        min={part === 'end' && parsed.start ? parsed.start : DATE_MIN}
                        max={DATE_MAX}
                        locale={i18n.locale === 'es' ? 'es' : 'en'}
                        // An empty end opens on the start's month.
                        month={part === 'end' && parsed.start ? parsed.start : undefined}
                        onSelect={(iso) => {
                          update(part, formatIsoDate(iso));
                          close();
                        }}
                      />
                    </Suspense>
                  )}
                </CalendarToggle>
              </Control>
            </Field>
          );
        })}
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
