/**
 * A lead's card (`/sales-support/lead/{id}/card/{leadId}`) and an order's details
 * (`/sales-support/order/{id}/details/{orderId}`): every field, an order's lines, the notes, the
 * WhatsApp conversation with the seller it came from, and its history (who changed what, when).
 * Members who may write save the notes on their own, or press Edit: the fields, lines and notes
 * then become the record's form (record-form.tsx) until saved or cancelled, the conversation and
 * the history staying in view.
 */
import { formatDateTime, formatDay } from '@conversa/contract/date-format';
import type { LeadDetail, OrderDetail, RecordChange } from '@conversa/contract/records';
import { NOTES_MAX_LENGTH } from '@conversa/contract/records';
import { can } from '@conversa/contract/roles';
import type { FieldDefinition, RecordKind } from '@conversa/contract/sales';
import { useAssistant } from '@conversa/data/assistants/get-assistant';
import { useSession } from '@conversa/data/provider';
import { useRecordFields } from '@conversa/data/sales/record-fields';
import { useRecord, useUpdateRecord } from '@conversa/data/sales/records';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { EmptyState } from '../../components/empty-state/empty-state';
import { consolePaths } from '../../components/sidebar/paths';
import { NavLink } from '../../components/sidebar/nav-link';
import { Table } from '../../components/table/table';
import { TextField } from '../../components/text-field/text-field';
import { notifyError, notifySuccess } from '../../components/toaster/toaster';
import { Waiting } from '../../components/waiting/waiting';
import { Actions, Card, DetailList, PageTitle, SectionHeading, WidePage } from '../../forms/form-layout';
import { LoadFailed } from '../../forms/load-failed';
import { useFailureText } from '../../forms/use-failure-text';
import { successNotices } from '../../i18n/notices';
import { MutedParagraph } from '../../primitives/muted';
import { RecordForm } from './record-form';

const Messages = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

const Message = styled.li<{ $in: boolean }>`
  align-self: ${({ $in }) => ($in ? 'flex-start' : 'flex-end')};
  max-width: 80%;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme, $in }) => ($in ? theme.colors.border : theme.colors.primary)};
  background: ${({ theme, $in }) => ($in ? theme.colors.background : theme.colors.surface)};
  white-space: pre-wrap;
`;

const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
`;

type Detail = LeadDetail | OrderDetail;

export interface RecordCardProps {
  assistantId: number;
  kind: RecordKind;
  recordId: number;
  onNavigate: (path: string) => void;
}

/** A field's value as the reader writes it (a date, a number), or a dash. */
function valueText(value: unknown, type: FieldDefinition['type'] | 'text', locale: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (type === 'date' && typeof value === 'string') return formatDay(value);
  if (typeof value === 'number') return new Intl.NumberFormat(locale).format(value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function RecordCard({ assistantId, kind, recordId, onNavigate }: RecordCardProps) {
  const { t } = useLingui();
  // The record is asked for only once its assistant is known to be a sales-support one of the user's.
  const assistant = useAssistant(Number.isInteger(assistantId) && assistantId > 0 ? assistantId : null);
  const sales = assistant.data?.product.type === 'sales_support';
  const record = useRecord(kind, sales && Number.isInteger(recordId) && recordId > 0 ? recordId : null);
  const failureText = useFailureText();
  const list =
    kind === 'lead'
      ? consolePaths.salesSupportLeads(assistantId)
      : consolePaths.salesSupportOrders(assistantId);
  const title = kind === 'lead' ? t`Lead` : t`Order details`;
  const missing = [404, 403];
  let body;
  if (record.data && record.data.institution_product_id === assistantId) {
    body = <CardBody kind={kind} detail={record.data} />;
  } else if (
    record.data ||
    missing.includes(record.error?.status ?? 0) ||
    missing.includes(assistant.error?.status ?? 0) ||
    (assistant.data && !sales) ||
    !(recordId > 0) ||
    !(assistantId > 0)
  ) {
    body = (
      <EmptyState title={t`Not found`}>
        {kind === 'lead'
          ? t`This lead does not exist or belongs to another institution.`
          : t`This order does not exist or belongs to another institution.`}
      </EmptyState>
    );
  } else if (record.error || assistant.error) {
    const error = (record.error ?? assistant.error)!;
    body = (
      <LoadFailed
        message={failureText(error)}
        onRetry={() => void (record.error ? record.mutate() : assistant.mutate())}
      />
    );
  } else
    body = (
      <Waiting block size="large" label={kind === 'lead' ? t`Loading the lead…` : t`Loading the order…`} />
    );
  return (
    <WidePage>
      <NavLink href={list} onNavigate={onNavigate}>
        {kind === 'lead' ? t`← All leads` : t`← All orders`}
      </NavLink>
      <PageTitle>{record.data ? `${title}: ${record.data.company}` : title}</PageTitle>
      {body}
    </WidePage>
  );
}

function CardBody({ kind, detail }: { kind: RecordKind; detail: Detail }) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const fields = useRecordFields(detail.institution_product_id, kind);
  const definitions = fields.data?.fields ?? [];
  const editable = can(session.roles, kind === 'lead' ? 'lead.write' : 'order.write');
  const editId = useId();
  const [editing, setEditing] = useState(false);
  const [returnFocus, setReturnFocus] = useState(false);
  // Back from the form, focus returns to the Edit button.
  useEffect(() => {
    if (!returnFocus) return;
    document.getElementById(editId)?.focus();
    setReturnFocus(false);
  }, [returnFocus, editId]);
  const close = () => {
    setEditing(false);
    setReturnFocus(true);
  };
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
  const removed = Object.keys(detail.fields).filter((key) => !definitions.some((field) => field.key === key));
  const view = editing ? (
    <Card as="section" aria-labelledby="record-edit">
      <SectionHeading id="record-edit">{kind === 'lead' ? t`Edit lead` : t`Edit order`}</SectionHeading>
      <RecordForm
        kind={kind}
        assistantId={detail.institution_product_id}
        definitions={definitions}
        record={detail}
        onSaved={close}
        onCancel={close}
      />
    </Card>
  ) : (
    <>
      <Card as="section" aria-labelledby="record-fields">
        <Heading>
          <SectionHeading id="record-fields">{t`Details`}</SectionHeading>
          {editable ? (
            <Button
              id={editId}
              variant="secondary"
              size="small"
              // The form needs the configured fields.
              disabled={!fields.data}
              onClick={() => setEditing(true)}
            >
              {kind === 'lead' ? t`Edit lead` : t`Edit order`}
            </Button>
          ) : null}
        </Heading>
        <DetailList>
          {builtIn.map(([label, value]) => (
            <Row key={label} label={label} value={value} />
          ))}
          {definitions.map((field) => (
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
      {kind === 'order' ? <OrderLines detail={detail as OrderDetail} /> : null}
      <NotesEditor kind={kind} detail={detail} editable={editable} />
    </>
  );
  return (
    <>
      {view}
      <Card as="section" aria-labelledby="record-messages">
        <SectionHeading id="record-messages">{t`Conversation with the seller`}</SectionHeading>
        {detail.messages.length === 0 ? (
          <MutedParagraph>{t`Entered in the console: there is no WhatsApp conversation.`}</MutedParagraph>
        ) : (
          <Messages aria-labelledby="record-messages">
            {detail.messages.map((message) => (
              <Message key={message.id} $in={message.direction === 'in'}>
                <MutedParagraph as="span">
                  {message.direction === 'in' ? detail.seller : t`Assistant`} ·{' '}
                  {formatDateTime(message.created_at)}
                </MutedParagraph>
                <br />
                {message.body ?? '—'}
              </Message>
            ))}
          </Messages>
        )}
      </Card>
      <History history={detail.history} />
    </>
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

function OrderLines({ detail }: { detail: OrderDetail }) {
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

/** The notes, saved with the record's other values as they are (`PUT lead/{id}`, `PUT order/{id}`). */
function NotesEditor({ kind, detail, editable }: { kind: RecordKind; detail: Detail; editable: boolean }) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const [notes, setNotes] = useState(detail.notes ?? '');
  const save = useUpdateRecord(kind, detail.id);
  const submit = async () => {
    const common = {
      institution_product_id: detail.institution_product_id,
      company: detail.company,
      notes,
      fields: detail.fields,
    };
    try {
      if (kind === 'lead') {
        const lead = detail as LeadDetail;
        await save.trigger({
          ...common,
          contact_name: lead.contact_name,
          phone: lead.phone,
          email: lead.email,
        } as never);
      } else {
        await save.trigger({ ...common, lines: (detail as OrderDetail).lines } as never);
      }
      notifySuccess(successNotices.updated);
    } catch (error) {
      notifyError(failureText(error));
    }
  };
  return (
    <Card as="section" aria-labelledby="record-notes">
      <SectionHeading id="record-notes">{t`Notes`}</SectionHeading>
      <TextField
        label={t`Notes`}
        multiline
        rows={4}
        value={notes}
        onChange={setNotes}
        maxLength={NOTES_MAX_LENGTH}
        disabled={!editable}
      />
      {editable ? (
        <Actions>
          <Button
            waiting={save.isMutating}
            disabled={notes === (detail.notes ?? '')}
            onClick={() => void submit()}
          >
            {t`Save notes`}
          </Button>
        </Actions>
      ) : null}
    </Card>
  );
}

function History({ history }: { history: RecordChange[] }) {
  const { t } = useLingui();
  return (
    <Card as="section" aria-labelledby="record-history">
      <SectionHeading id="record-history">{t`History`}</SectionHeading>
      <Table
        caption={t`History`}
        rows={history.map((entry, index) => ({ ...entry, index }))}
        rowKey={(entry) => entry.index}
        columns={[
          { key: 'at', header: t`When`, cell: (entry) => formatDateTime(entry.at) },
          { key: 'by', header: t`Who`, cell: (entry) => entry.by },
          {
            key: 'what',
            header: t`What`,
            cell: (entry) =>
              entry.action === 'created'
                ? t`Entered`
                : Object.keys(entry.changes)
                    .map((key) => key.replace(/^fields\./, ''))
                    .join(', '),
          },
        ]}
      />
    </Card>
  );
}
