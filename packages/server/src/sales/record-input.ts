/**
 * A lead's or an order's values as staff send them (the console's form, an imported CSV row),
 * checked against the assistant's configured fields and the institution's country, every wrong field
 * named: the same rules for the API and the import.
 */
import type { Issue } from '@conversa/contract/common';
import type { Locale } from '@conversa/contract/constants';
import type { FieldValues, LeadBodySchema, OrderBodySchema } from '@conversa/contract/records';
import type { FieldDefinition } from '@conversa/contract/sales';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type * as v from 'valibot';
import { translate } from '../i18n/translate';
import { checkFieldValue } from './field-values';
import type { RecordInput } from './record-writes.repo';

export type LeadInput = v.InferOutput<typeof LeadBodySchema>;
export type OrderInput = v.InferOutput<typeof OrderBodySchema>;

/**
 * The configured fields' values checked against their definitions: required ones present, each
 * value of its type. A key no field has is refused, unless the record already holds that value (a
 * field removed since keeps what old records hold).
 */
export function checkFields(
  definitions: readonly FieldDefinition[],
  values: FieldValues,
  kept: FieldValues,
  country: string | null,
  locale: Locale,
): { fields: FieldValues; issues: Issue[] } {
  const fields: FieldValues = {};
  const issues: Issue[] = [];
  const refuse = (key: string, code: string) =>
    issues.push({ path: `fields.${key}`, code, message: translate(locale, code as never) });
  for (const definition of definitions) {
    const checked = checkFieldValue(definition.type, values[definition.key] ?? null, {
      country,
      options: definition.options,
    });
    if (!checked.ok) refuse(definition.key, checked.code);
    else if (checked.value === null && definition.required) refuse(definition.key, 'required');
    else if (checked.value !== null) fields[definition.key] = checked.value;
  }
  for (const [key, value] of Object.entries(values)) {
    if (definitions.some((definition) => definition.key === key) || value === null) continue;
    if (kept[key] === value) fields[key] = value;
    else refuse(key, 'invalid_value');
  }
  return { fields, issues };
}

/**
 * The check of a record's body for these definitions: its values as stored, and the issues found
 * (`kept`: the record's current fields, which a removed field's value may keep).
 */
export function recordCheck(definitions: readonly FieldDefinition[], country: string | null, locale: Locale) {
  return (body: LeadInput | OrderInput, kept: FieldValues): { input: RecordInput; issues: Issue[] } => {
    const { fields, issues } = checkFields(definitions, body.fields, kept, country, locale);
    let phone: string | null = null;
    if ('contact_name' in body && body.phone) {
      const parsed = parsePhoneNumberFromString(body.phone, {
        defaultCountry: (country ?? undefined) as CountryCode | undefined,
      });
      if (parsed?.isValid()) phone = parsed.number;
      else issues.push({ path: 'phone', code: 'invalid_phone', message: translate(locale, 'invalid_phone') });
    }
    const input: RecordInput =
      'contact_name' in body
        ? {
            company: body.company,
            contactName: body.contact_name,
            phone,
            email: body.email,
            notes: body.notes,
            fields,
            lines: [],
          }
        : {
            company: body.company,
            contactName: null,
            phone: null,
            email: null,
            notes: body.notes,
            fields,
            lines: body.lines,
          };
    return { input, issues };
  };
}
