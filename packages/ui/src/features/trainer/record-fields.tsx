/**
 * The fields a sales-support assistant asks sellers for, besides the built-in ones, when they enter a
 * lead or an order on WhatsApp (trainer tab 'Fields'): each with its labels in English and Spanish,
 * a key (what stored values and downloads use: fixed once saved), a type, whether it is required and,
 * for a list, its options. Saved whole with `PUT institution-product/{id}/lead-fields` (or
 * `…/order-fields`); removing a field keeps the values old records hold.
 */
import type { Locale } from '@conversa/contract/constants';
import {
  FIELD_LABEL_MAX_LENGTH,
  FIELD_TYPES,
  type FieldDefinition,
  type FieldType,
  LEAD_FIELDS,
  MAX_CONFIGURED_FIELDS,
  ORDER_FIELDS,
  ORDER_LINE_FIELDS,
  type RecordKind,
} from '@conversa/contract/sales';
import { useRecordFields, useUpdateRecordFields } from '@conversa/data/sales/record-fields';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { type FieldPath, useFieldArray } from 'react-hook-form';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { Checkbox } from '../../components/checkbox/checkbox';
import { EmptyState } from '../../components/empty-state/empty-state';
import { Select } from '../../components/select/select';
import {
  SortableItem,
  SortableList,
  type SortableTexts,
  useSortableRows,
} from '../../components/sortable-list/sortable-list';
import { TextField } from '../../components/text-field/text-field';
import { notifySuccess } from '../../components/toaster/toaster';
import { Waiting } from '../../components/waiting/waiting';
import { Actions, Card, Intro, SubmitForm } from '../../forms/form-layout';
import { LoadFailed } from '../../forms/load-failed';
import { type FieldRow, fieldsFormSchema, optionLines } from '../../forms/sales-schemas';
import { useFailureText } from '../../forms/use-failure-text';
import { useForm } from '../../forms/use-form';
import { successNotices } from '../../i18n/notices';
import { SectionTitle } from './trainer-layout';

const Pair = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  gap: ${({ theme }) => theme.space(3)};
`;

const BuiltIn = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9375rem;
`;

const typeNames: Record<FieldType, MessageDescriptor> = {
  text: msg`Text`,
  number: msg`Number`,
  date: msg`Date (DD/MM/YYYY)`,
  select: msg`List of options`,
  phone: msg`Phone number`,
  email: msg`Email`,
};

/** A key from a label: "Presupuesto (€)" → `presupuesto`; what a new field's key starts as. */
export function keyFromLabel(label: string): string {
  const key = label
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return (/^[a-z]/.test(key) ? key : key ? `field_${key}` : '').slice(0, 40).replace(/_+$/, '');
}

type FieldsForm = { fields: FieldRow[] };

const toRow = (field: FieldDefinition): FieldRow => ({
  ...field,
  options: field.options.join('\n'),
  saved: true,
});

const emptyRow = (): FieldRow => ({
  key: '',
  labels: { en: '', es: '' },
  type: 'text',
  required: false,
  options: '',
  saved: false,
});

/** A server issue on one option (`fields.2.options.0`) belongs under the options' text. */
const fieldOf = (path: string) =>
  path.replace(/^(fields\.\d+\.options)\.\d+$/, '$1') as FieldPath<FieldsForm>;

export interface RecordFieldsProps {
  assistantId: number;
  kind: RecordKind;
  /** Members without `trainer.manage` only read the fields. */
  editable: boolean;
}

/** One kind's section: the built-in fields named, then the configured ones' editor. */
export function RecordFields({ assistantId, kind, editable }: RecordFieldsProps) {
  const { t, i18n } = useLingui();
  const fields = useRecordFields(assistantId, kind);
  const failureText = useFailureText();
  const titleId = useId();
  const locale = i18n.locale as Locale;
  const builtIn = (kind === 'lead' ? LEAD_FIELDS : [...ORDER_FIELDS, ...ORDER_LINE_FIELDS])
    .map((field) => field.labels[locale][0])
    .join(', ');
  let content;
  if (fields.data)
    content = (
      <FieldsEditor
        key={`${assistantId}-${kind}`}
        assistantId={assistantId}
        kind={kind}
        initial={fields.data.fields}
        editable={editable}
      />
    );
  else if (fields.error)
    content = <LoadFailed message={failureText(fields.error)} onRetry={() => void fields.mutate()} />;
  else
    content = (
      <Waiting block label={kind === 'lead' ? t`Loading the lead fields…` : t`Loading the order fields…`} />
    );
  return (
    <Card as="section" aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{kind === 'lead' ? t`Lead fields` : t`Order fields`}</SectionTitle>
      <Intro>
        {kind === 'lead'
          ? t`Sellers entering a lead on WhatsApp are asked for these fields, in this order, after the ones every lead has. Removing a field keeps what older leads hold.`
          : t`Sellers entering an order on WhatsApp are asked for these fields, in this order, after the ones every order has. Removing a field keeps what older orders hold.`}
      </Intro>
      <BuiltIn>{t`Always asked: ${builtIn}.`}</BuiltIn>
      {content}
    </Card>
  );
}

function FieldsEditor({
  assistantId,
  kind,
  initial,
  editable,
}: {
  assistantId: number;
  kind: RecordKind;
  initial: FieldDefinition[];
  editable: boolean;
}) {
  const { t } = useLingui();
  const base = useId();
  const form = useForm<FieldsForm>(fieldsFormSchema(kind), { fields: initial.map(toRow) }, { fieldOf });
  const rows = useFieldArray({ control: form.control, name: 'fields' });
  const save = useUpdateRecordFields(assistantId, kind);
  const texts: SortableTexts = {
    title: (n) => t`Field ${n}`,
    moveUp: (n) => t`Move field ${n} up`,
    moveDown: (n) => t`Move field ${n} down`,
    remove: (n) => t`Remove field ${n}`,
    removed: (n) => t`Field ${n} removed.`,
    moved: (position, total) => t`Field moved to position ${position} of ${total}.`,
    removeLabel: t`Remove`,
  };
  const list = useSortableRows(rows, { base, texts, onChange: () => form.clearErrors() });
  const count = rows.fields.length;
  const typeOptions = FIELD_TYPES.map((type) => ({ value: type, label: t(typeNames[type]) }));

  const add = () => {
    rows.append(emptyRow(), { shouldFocus: false });
    list.focusLater(`${base}-${count}-en`);
  };

  const submit = form.submit(async (values) => {
    try {
      const saved = await save.trigger({
        fields: values.fields.map(({ key, labels, type, required, options }) => ({
          key,
          labels,
          type,
          required,
          options: type === 'select' ? optionLines(options) : [],
        })),
      });
      form.reset({ fields: saved.fields.map(toRow) });
      notifySuccess(successNotices.fieldsUpdated);
    } catch (error) {
      // Issues on `fields.N.…` land under their fields; others above the form.
      form.fail(error);
    }
  });

  return (
    <SubmitForm onSubmit={submit} error={form.formError}>
      {count === 0 ? (
        <EmptyState title={t`No fields added`}>
          {editable ? t`Add a field to ask sellers for more than the built-in ones.` : null}
        </EmptyState>
      ) : (
        <SortableList
          label={kind === 'lead' ? t`Lead fields` : t`Order fields`}
          announcement={list.announcement}
        >
          {rows.fields.map((row, index) => {
            const value = form.values.fields[index] ?? row;
            const english = form.bind(`fields.${index}.labels.en`);
            return (
              <SortableItem
                key={row.id}
                base={base}
                index={index}
                count={count}
                texts={texts}
                list={list}
                editable={editable}
              >
                <Pair>
                  <TextField
                    id={`${base}-${index}-en`}
                    label={t`Label in English`}
                    {...english}
                    onChange={(label) => {
                      // A new field's key follows its English label until the key is edited.
                      if (!value.saved && value.key === keyFromLabel(value.labels.en))
                        form.set(`fields.${index}.key`, keyFromLabel(label));
                      english.onChange(label);
                    }}
                    maxLength={FIELD_LABEL_MAX_LENGTH}
                    required
                    disabled={!editable}
                  />
                  <TextField
                    id={`${base}-${index}-es`}
                    label={t`Label in Spanish`}
                    {...form.bind(`fields.${index}.labels.es`)}
                    maxLength={FIELD_LABEL_MAX_LENGTH}
                    required
                    disabled={!editable}
                  />
                </Pair>
                <Pair>
                  <TextField
                    id={`${base}-${index}-key`}
                    label={t`Key`}
                    hint={
                      value.saved
                        ? t`Stored values and downloads use it; it stays as saved.`
                        : t`Stored values and downloads use it. Lower-case letters, digits and _.`
                    }
                    {...form.bind(`fields.${index}.key`)}
                    maxLength={40}
                    required
                    disabled={!editable || value.saved}
                  />
                  <Select
                    id={`${base}-${index}-type`}
                    label={t`Type`}
                    options={typeOptions}
                    value={value.type}
                    onChange={(type) => form.set(`fields.${index}.type`, type as FieldType)}
                    error={form.errors[`fields.${index}.type`]}
                    required
                    disabled={!editable}
                  />
                </Pair>
                {value.type === 'select' ? (
                  <TextField
                    id={`${base}-${index}-options`}
                    label={t`Options`}
                    hint={t`One per line; sellers answer with one of them.`}
                    multiline
                    rows={4}
                    {...form.bind(`fields.${index}.options`)}
                    required
                    disabled={!editable}
                  />
                ) : null}
                <Checkbox
                  id={`${base}-${index}-required`}
                  label={t`Required`}
                  description={t`Sellers cannot skip it.`}
                  checked={value.required}
                  onChange={(required) => form.set(`fields.${index}.required`, required)}
                  disabled={!editable}
                />
              </SortableItem>
            );
          })}
        </SortableList>
      )}
      {editable ? (
        <Actions>
          <Button id={list.addId} variant="secondary" disabled={count >= MAX_CONFIGURED_FIELDS} onClick={add}>
            {t`Add field`}
          </Button>
          <Button type="submit" waiting={save.isMutating}>
            {kind === 'lead' ? t`Save lead fields` : t`Save order fields`}
          </Button>
        </Actions>
      ) : null}
    </SubmitForm>
  );
}
