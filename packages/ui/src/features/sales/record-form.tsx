/**
 * The one form of a lead or an order, to create it (`POST lead` / `POST order`) or correct it (`PUT
 * lead/{id}` / `PUT order/{id}`): the built-in fields, an order's lines (added and removed), and the
 * assistant's configured fields, each drawn by its type with its required mark. It is checked with
 * the contract's body schemas before sending; what the server refuses (a phone, a number, a list's
 * option) shows under its field. A field removed from the assistant since keeps the record's value.
 */
import { DATE_MAX, DATE_MIN } from '@conversa/contract/constants';
import {
  COMPANY_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  type FieldValues,
  type Lead,
  type LeadBody,
  NOTES_MAX_LENGTH,
  type Order,
  type OrderBody,
  PRODUCT_CODE_MAX_LENGTH,
} from '@conversa/contract/records';
import {
  FIELD_TEXT_MAX_LENGTH,
  type FieldDefinition,
  MAX_ORDER_LINES,
  type RecordKind,
} from '@conversa/contract/sales';
import { useCreateRecord, useUpdateRecord } from '@conversa/data/sales/records';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo } from 'react';
import { useFieldArray } from 'react-hook-form';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { EmailField } from '../../components/email-field/email-field';
import { PhoneField } from '../../components/phone-field/phone-field';
import type { CountryCode } from '../../components/phone-field/phone';
import { Select } from '../../components/select/select';
import { TextField } from '../../components/text-field/text-field';
import { notifySuccess } from '../../components/toaster/toaster';
import { Actions, SubmitForm } from '../../forms/form-layout';
import { quantityOf, recordFormSchema } from '../../forms/sales-schemas';
import { type Form, useForm } from '../../forms/use-form';
import { successNotices } from '../../i18n/notices';
import { FieldGrid } from '../../primitives/field';
import { useInstitutionCountry } from './use-institution-country';

const Lines = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  border: none;
  min-width: 0;
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space(3)};
  font-size: 1rem;
  font-weight: 700;
`;

const Line = styled.fieldset`
  display: grid;
  grid-template-columns: minmax(8rem, 1fr) minmax(10rem, 2fr) minmax(6rem, 8rem) auto;
  align-items: start;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  min-width: 0;
  @media (max-width: 40rem) {
    grid-template-columns: 1fr;
  }
  > button {
    /* Level with the inputs, under their labels. */
    margin-top: 1.625rem;
  }
`;

const LineLegend = styled.legend`
  padding: 0 ${({ theme }) => theme.space(1)};
  font-size: 0.8125rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
`;

interface LineValues {
  product_code: string;
  product_description: string;
  quantity: string;
}

/** A record as the form holds it: every value as typed (a lead's form leaves `lines` empty). */
export interface RecordValues {
  company: string;
  contact_name: string;
  phone: string;
  email: string;
  notes: string;
  /** The configured fields' values by key, as text (a date as YYYY-MM-DD). */
  fields: Record<string, string>;
  lines: LineValues[];
}

const emptyLine = (): LineValues => ({ product_code: '', product_description: '', quantity: '' });

const textOf = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The form's values for `record` (none: a new record of `kind`). */
export function recordValues(
  kind: RecordKind,
  definitions: readonly FieldDefinition[],
  record?: Lead | Order,
): RecordValues {
  const lead = record && 'contact_name' in record ? record : null;
  const order = record && 'lines' in record ? record : null;
  return {
    company: record?.company ?? '',
    contact_name: lead?.contact_name ?? '',
    phone: lead?.phone ?? '',
    email: lead?.email ?? '',
    notes: record?.notes ?? '',
    fields: Object.fromEntries(definitions.map((field) => [field.key, textOf(record?.fields[field.key])])),
    lines:
      kind === 'order'
        ? (order?.lines.map((line) => ({
            product_code: line.product_code,
            product_description: line.product_description ?? '',
            quantity: String(line.quantity),
          })) ?? [emptyLine()])
        : [],
  };
}

/**
 * The request body of the form's values. Configured values go as typed: the server reads each by
 * its field's type. `kept`: the record's values, of which a removed field's stay as they are.
 */
export function recordBody(
  kind: RecordKind,
  assistantId: number,
  values: RecordValues,
  definitions: readonly FieldDefinition[],
  kept: FieldValues = {},
): LeadBody | OrderBody {
  const fields: FieldValues = {};
  for (const [key, value] of Object.entries(kept))
    if (!definitions.some((field) => field.key === key)) fields[key] = value;
  for (const field of definitions) {
    const text = (values.fields[field.key] ?? '').trim();
    fields[field.key] = text === '' ? null : text;
  }
  const common = {
    institution_product_id: assistantId,
    company: values.company,
    notes: values.notes,
    fields,
  };
  if (kind === 'lead')
    return { ...common, contact_name: values.contact_name, phone: values.phone, email: values.email };
  return {
    ...common,
    lines: values.lines.map((line) => ({
      product_code: line.product_code,
      product_description: line.product_description,
      quantity: quantityOf(line.quantity),
    })),
  };
}

export interface RecordFormProps {
  kind: RecordKind;
  assistantId: number;
  /** The assistant's configured fields of `kind`, in order. */
  definitions: readonly FieldDefinition[];
  /** The record to correct; none to create one. */
  record?: Lead | Order;
  /** After the record was saved (and 'Update successfully.' or its creation announced). */
  onSaved: (saved: Lead | Order) => void;
  onCancel: () => void;
}

export function RecordForm({ kind, assistantId, definitions, record, onSaved, onCancel }: RecordFormProps) {
  const { t } = useLingui();
  const base = useId();
  const country = useInstitutionCountry();
  const schema = useMemo(() => recordFormSchema(kind, definitions), [kind, definitions]);
  const form = useForm<RecordValues>(schema, recordValues(kind, definitions, record));
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const create = useCreateRecord(kind);
  const update = useUpdateRecord(kind, record?.id ?? 0);
  const { setFocus } = form;
  // The form opens on its first field.
  useEffect(() => setFocus('company'), [setFocus]);

  const submit = form.submit(async (values) => {
    const body = recordBody(kind, assistantId, values, definitions, record?.fields);
    try {
      const saved = record ? await update.trigger(body as never) : await create.trigger(body as never);
      notifySuccess(
        record
          ? successNotices.updated
          : kind === 'lead'
            ? successNotices.leadCreated
            : successNotices.orderCreated,
      );
      onSaved(saved);
    } catch (error) {
      form.fail(error);
    }
  });

  const configured =
    definitions.length > 0 ? (
      <FieldGrid>
        {definitions.map((field) => (
          <ConfiguredField
            key={field.key}
            id={`${base}-${field.key}`}
            field={field}
            form={form}
            country={country}
          />
        ))}
      </FieldGrid>
    ) : null;

  const company = (
    <TextField
      label={t`Company`}
      name="company"
      autoComplete="organization"
      required
      maxLength={COMPANY_MAX_LENGTH}
      {...form.bind('company')}
    />
  );

  return (
    <SubmitForm onSubmit={submit} error={form.formError}>
      {kind === 'lead' ? (
        <FieldGrid>
          {company}
          <TextField
            label={t`Contact`}
            name="contact_name"
            autoComplete="off"
            required
            maxLength={CONTACT_NAME_MAX_LENGTH}
            {...form.bind('contact_name')}
          />
          <PhoneField label={t`Phone`} name="phone" defaultCountry={country} {...form.bind('phone')} />
          <EmailField whose="other" {...form.bind('email')} />
        </FieldGrid>
      ) : (
        <>
          {company}
          <Lines>
            <Legend>{t`Lines`}</Legend>
            {lines.fields.map((row, index) => (
              <Line key={row.id}>
                <LineLegend>{t`Line ${index + 1}`}</LineLegend>
                <TextField
                  label={t`Product code`}
                  required
                  autoComplete="off"
                  maxLength={PRODUCT_CODE_MAX_LENGTH}
                  {...form.bind(`lines.${index}.product_code`)}
                />
                <TextField
                  label={t`Description`}
                  autoComplete="off"
                  maxLength={FIELD_TEXT_MAX_LENGTH}
                  {...form.bind(`lines.${index}.product_description`)}
                />
                <TextField
                  label={t`Quantity`}
                  required
                  inputMode="decimal"
                  autoComplete="off"
                  {...form.bind(`lines.${index}.quantity`)}
                />
                <Button
                  variant="ghost"
                  size="small"
                  aria-label={t`Remove line ${index + 1}`}
                  disabled={lines.fields.length <= 1}
                  onClick={() => {
                    // The messages of the lines after it would land on the wrong line.
                    form.clearErrors('lines');
                    lines.remove(index);
                  }}
                >
                  {t`Remove`}
                </Button>
              </Line>
            ))}
            <Actions>
              <Button
                variant="secondary"
                size="small"
                disabled={lines.fields.length >= MAX_ORDER_LINES}
                onClick={() => lines.append(emptyLine(), { shouldFocus: true })}
              >
                {t`Add line`}
              </Button>
            </Actions>
          </Lines>
        </>
      )}
      {configured}
      <TextField
        label={t`Notes`}
        name="notes"
        multiline
        rows={4}
        maxLength={NOTES_MAX_LENGTH}
        {...form.bind('notes')}
      />
      <Actions>
        <Button type="submit" waiting={create.isMutating || update.isMutating}>
          {record ? t`Save changes` : kind === 'lead' ? t`Create lead` : t`Create order`}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t`Cancel`}
        </Button>
      </Actions>
    </SubmitForm>
  );
}

/** A configured field's control, by its type; its label in the reader's language. */
function ConfiguredField({
  id,
  field,
  form,
  country,
}: {
  id: string;
  field: FieldDefinition;
  form: Form<RecordValues>;
  country: CountryCode | undefined;
}) {
  const { t, i18n } = useLingui();
  const label = field.labels[i18n.locale === 'es' ? 'es' : 'en'];
  const bound = form.bind(`fields.${field.key}`);
  const common = { id, label, required: field.required, name: `fields.${field.key}` };
  switch (field.type) {
    case 'select': {
      // A value no option has any more (an option renamed since) stays choosable.
      const options =
        field.options.includes(bound.value) || bound.value === ''
          ? field.options
          : [bound.value, ...field.options];
      return (
        <Select
          {...common}
          value={bound.value}
          onChange={bound.onChange}
          error={bound.error}
          placeholder={field.required ? t`Choose…` : undefined}
          options={[
            ...(field.required ? [] : [{ value: '', label: t`None` }]),
            ...options.map((option) => ({ value: option, label: option })),
          ]}
        />
      );
    }
    case 'phone':
      return <PhoneField {...common} {...bound} defaultCountry={country} />;
    case 'date':
      return <TextField {...common} {...bound} type="date" min={DATE_MIN} max={DATE_MAX} />;
    case 'number':
      return <TextField {...common} {...bound} inputMode="decimal" autoComplete="off" />;
    case 'email':
      return <EmailField whose="other" {...common} {...bound} />;
    default:
      return <TextField {...common} {...bound} autoComplete="off" maxLength={FIELD_TEXT_MAX_LENGTH} />;
  }
}
