/** The "Details" card of a lead or an order: the built-in fields, the configured ones (and those removed since, by key), the seller and when it was entered; with the Edit button for members who may write. An order's lines below it. */
import { formatDateTime, formatDay } from '@conversa/contract/date-format';
import type { LeadDetail, OrderDetail } from '@conversa/contract/records';
import type { FieldDefinition, RecordKind } from '@conversa/contract/sales';
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { Table } from '../../components/table/table';
import { Card, DetailList, SectionHeading } from '../../forms/form-layout';

const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
`;

/** A field's value as the reader writes it (a date, a number), or a dash. */
function valueText(value: unknown, type: FieldDefinition['type'] | 'text', locale: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (type === 'date' && typeof value === 'string') return formatDay(value);
  if (typeof value === 'number') return new Intl.NumberFormat(locale).format(value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export interface RecordDetailsProps {
  kind: RecordKind;
  detail: LeadDetail | OrderDetail;
  /** The configured fields; `undefined` while they load (Edit waits for them). */
  definitions: FieldDefinition[] | undefined;
  /** Shows Edit; its id lets focus come back to it from the form. */
  edit?: { id: string; onEdit: () => void };
}

export function RecordDetails({ kind, detail, definitions, edit }: RecordDetailsProps) {
  const { t, i18n } = useLingui();
  const configured = definitions ?? [];
  const language = i18n.locale === 'es' ? 'es' : 'en';
  const builtIn: [string, string][] =
    kind === 'lead'
      ? [
          [t`Company`, detail.company],
          [t`Contact`, (detail as LeadDetail).contact_name],
          [t`Phone`, valueText((detail as LeadDetail).phone, 'text', i18n.locale)],
          [t`Email`, valueText((detail as LeadDetail).email, 'text', i18n.locale)],
        ]
      : [[t`Company`, detail.company]];
  const seller = detail.seller_number ? `${detail.seller} (${detail.seller_number})` : detail.seller;
  // Fields removed since keep their value: shown by key after the configured ones.
  const removed = Object.keys(detail.fields).filter((key) => !configured.some((field) => field.key === key));
  return (
    <Card as="section" aria-labelledby="record-fields">
      <Heading>
        <SectionHeading id="record-fields">{t`Details`}</SectionHeading>
        {edit ? (
          <Button
            id={edit.id}
            variant="secondary"
            size="small"
            // The form needs the configured fields.
            disabled={!definitions}
            onClick={edit.onEdit}
          >
            {kind === 'lead' ? t`Edit lead` : t`Edit order`}
          </Button>
        ) : null}
      </Heading>
      <DetailList>
        {builtIn.map(([label, value]) => (
          <Row key={label} label={label} value={value} />
        ))}
        {configured.map((field) => (
          <Row
            key={field.key}
            label={field.labels[language]}
            value={valueText(detail.fields[field.key], field.type, i18n.locale)}
          />
        ))}
        {removed.map((key) => (
          <Row key={key} label={key} value={valueText(detail.fields[key], 'text', i18n.locale)} />
        ))}
        <Row label={t`Seller`} value={seller} />
        <Row label={t`Entered`} value={formatDateTime(detail.created_at)} />
      </DetailList>
    </Card>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

/** An order's lines: product code, description and quantity. */
export function OrderLines({ detail }: { detail: OrderDetail }) {
  const { t, i18n } = useLingui();
  return (
    <Card as="section" aria-labelledby="order-lines">
      <SectionHeading id="order-lines">{t`Lines`}</SectionHeading>
      <Table
        caption={t`Lines`}
        rows={detail.lines.map((line, index) => ({ ...line, index }))}
        rowKey={(line) => line.index}
        columns={[
          { key: 'code', header: t`Product code`, cell: (line) => line.product_code },
          { key: 'description', header: t`Description`, cell: (line) => line.product_description ?? '—' },
          {
            key: 'quantity',
            header: t`Quantity`,
            align: 'end',
            cell: (line) => new Intl.NumberFormat(i18n.locale).format(line.quantity),
          },
        ]}
      />
    </Card>
  );
}
