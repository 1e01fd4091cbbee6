/**
 * A seller's answer read as a field's value (docs/architecture.md#sales-support): a number with a
 * decimal comma or point, a date as DD/MM/YYYY, an e-mail, a phone in the institution's country
 * (stored as E.164), a select's option by its name or its number in the list. A refusal is a
 * validation code, said in the seller's language.
 */
import { ValidationCode } from '@conversa/contract/codes';
import { DATE_MAX, DATE_MIN } from '@conversa/contract/constants';
import { EmailSchema } from '@conversa/contract/fields';
import { FIELD_TEXT_MAX_LENGTH, type FieldType, type FieldValue } from '@conversa/contract/sales';
import { formatDay } from '@conversa/contract/date-format';
import { format, isValid, parse } from 'date-fns';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import * as v from 'valibot';

export type ParsedValue = { ok: true; value: FieldValue } | { ok: false; code: ValidationCode };

/** What reading a value may need besides its type. */
export interface ValueContext {
  /** The institution's country: the region of a phone written without its international prefix. */
  country: string | null;
  /** A select's options, in order. */
  options?: readonly string[];
}

/** Lower case, no accents, single spaces: how labels, options and commands are compared. */
export const fold = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

const ok = (value: FieldValue): ParsedValue => ({ ok: true, value });
const refuse = (code: ValidationCode): ParsedValue => ({ ok: false, code });

/** One or two digits for the day and the month, four for the year. */
const DATE_SHAPE = /^\d{1,2}[/.-]\d{1,2}[/.-]\d{4}$/;
/** Digits with at most one decimal separator, comma or point. */
const NUMBER_SHAPE = /^-?\d+(?:[.,]\d+)?$/;

/** Reads `text` as a value of `type`; blank is `required` (the caller decides whether it may be skipped). */
export function parseFieldValue(type: FieldType, text: string, context: ValueContext): ParsedValue {
  const value = text.trim();
  if (value === '') return refuse(ValidationCode.required);
  switch (type) {
    case 'text':
      return value.length > FIELD_TEXT_MAX_LENGTH ? refuse(ValidationCode.tooLong) : ok(value);
    case 'number': {
      const compact = value.replace(/\s/g, '');
      if (!NUMBER_SHAPE.test(compact)) return refuse(ValidationCode.invalidNumber);
      const number = Number(compact.replace(',', '.'));
      return Number.isFinite(number) ? ok(number) : refuse(ValidationCode.invalidNumber);
    }
    case 'date': {
      if (!DATE_SHAPE.test(value)) return refuse(ValidationCode.invalidDate);
      const date = parse(value.replace(/[.-]/g, '/'), 'd/M/yyyy', new Date(2000, 0, 1));
      if (!isValid(date)) return refuse(ValidationCode.invalidDate);
      const iso = format(date, 'yyyy-MM-dd');
      return iso < DATE_MIN || iso > DATE_MAX ? refuse(ValidationCode.invalidDate) : ok(iso);
    }
    case 'email': {
      const email = v.safeParse(EmailSchema, value);
      return email.success ? ok(email.output) : refuse(ValidationCode.invalidEmail);
    }
    case 'phone': {
      const country = (context.country ?? undefined) as CountryCode | undefined;
      const phone = parsePhoneNumberFromString(value, country ? { defaultCountry: country } : undefined);
      return phone?.isValid() ? ok(phone.number) : refuse(ValidationCode.invalidPhone);
    }
    case 'select': {
      const options = context.options ?? [];
      const byNumber = /^\d+$/.test(value) ? options[Number(value) - 1] : undefined;
      const chosen = byNumber ?? options.find((option) => fold(option) === fold(value));
      return chosen === undefined ? refuse(ValidationCode.invalidOption) : ok(chosen);
    }
  }
}

/** A stored value as the chat shows it back (a date as DD/MM/YYYY, a number in the seller's style). */
export function showValue(type: FieldType, value: FieldValue, locale: 'es' | 'en'): string {
  if (type === 'date' && typeof value === 'string') return formatDay(value);
  if (type === 'number' && typeof value === 'number') {
    return new Intl.NumberFormat(locale === 'es' ? 'es-ES' : 'en-GB', { maximumFractionDigits: 6 }).format(
      value,
    );
  }
  return String(value);
}

/**
 * A value staff sent for a configured field (the console's form: a number as a number, a date as
 * YYYY-MM-DD), checked as the chat checks a seller's; null or blank is no value.
 */
export function checkFieldValue(
  type: FieldType,
  value: FieldValue | null,
  context: ValueContext,
): { ok: true; value: FieldValue | null } | { ok: false; code: ValidationCode } {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return { ok: true, value: null };
  if (typeof value === 'number') {
    return type === 'number' && Number.isFinite(value)
      ? { ok: true, value }
      : { ok: false, code: ValidationCode.invalidValue };
  }
  if (type === 'date' && ISO_DAY.test(value.trim())) {
    const day = value.trim();
    const at = Date.parse(`${day}T00:00:00Z`);
    const real = !Number.isNaN(at) && new Date(at).toISOString().startsWith(day);
    return real && day >= DATE_MIN && day <= DATE_MAX
      ? { ok: true, value: day }
      : { ok: false, code: ValidationCode.invalidDate };
  }
  return parseFieldValue(type, value, context);
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
