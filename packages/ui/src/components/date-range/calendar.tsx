/**
 * The calendar of a date field (react-day-picker, published as @daypicker/react): a month grid
 * with month and year drop-downs, arrow keys between days, in the console's language, limited to
 * the field's dates. Its own chunk, fetched the first time a calendar opens.
 */
import { DateLib, DayPicker } from '@daypicker/react';
import { useLingui } from '@lingui/react/macro';
import '@daypicker/react/style.css';
import { enUS, es } from '@daypicker/react/locale';
import type { Locale } from '@conversa/contract/constants';
import styled from 'styled-components';
import { dateFromIso, isoFromDate } from './date-text';

const LOCALES = { en: enUS, es } satisfies Record<Locale, unknown>;
/** A day's name for screen readers, starting with the number shown on it ("1 March 2025, Saturday"). */
const DAY_FORMATS = { en: 'd MMMM yyyy, EEEE', es: "d 'de' MMMM 'de' yyyy, EEEE" } satisfies Record<
  Locale,
  string
>;

/** The picker in the console's colours (its stylesheet reads these variables). */
const Frame = styled.div`
  --rdp-accent-color: ${({ theme }) => theme.colors.primary};
  --rdp-accent-background-color: ${({ theme }) => theme.colors.hover};
  --rdp-today-color: ${({ theme }) => theme.colors.primary};
  --rdp-day-height: 2.5rem;
  --rdp-day-width: 2.5rem;
  --rdp-day_button-height: 2.375rem;
  --rdp-day_button-width: 2.375rem;
  padding: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.text};
  .rdp-selected .rdp-day_button {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
  .rdp-dropdown {
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
  }
`;

/** Props of `Calendar`. */
export interface CalendarProps {
  /** The chosen date (`YYYY-MM-DD`), or '' for none. */
  selected: string;
  /** The first and last dates that may be chosen (`YYYY-MM-DD`). */
  min: string;
  max: string;
  locale: Locale;
  /** The month to open on when nothing is chosen (`YYYY-MM-DD` of a day in it); today's by default. */
  month?: string;
  /** Called with the chosen date (`YYYY-MM-DD`). */
  onSelect: (iso: string) => void;
}

/** One month, the chosen day focused. */
export default function Calendar({ selected, min, max, locale, month, onSelect }: CalendarProps) {
  const first = dateFromIso(min);
  const last = dateFromIso(max);
  const chosen = selected ? dateFromIso(selected) : undefined;
  const { t } = useLingui();
  return (
    <Frame>
      <DayPicker
        mode="single"
        selected={chosen}
        onSelect={(date) => {
          if (date) onSelect(isoFromDate(date));
        }}
        defaultMonth={chosen ?? (month ? dateFromIso(month) : undefined)}
        startMonth={first}
        endMonth={last}
        disabled={[{ before: first }, { after: last }]}
        captionLayout="dropdown"
        locale={LOCALES[locale]}
        weekStartsOn={1}
        labels={{
          labelDayButton: (date, modifiers, _options, dateLib) => {
            const day = (dateLib ?? new DateLib({ locale: LOCALES[locale] })).format(
              date,
              DAY_FORMATS[locale],
            );
            if (modifiers.selected) return t`${day}, selected`;
            return modifiers.today ? t`${day}, today` : day;
          },
        }}
        autoFocus
      />
    </Frame>
  );
}
