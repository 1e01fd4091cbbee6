/**
 * A lead's card (`/sales-support/lead/{id}/card/{leadId}`) and an order's details
 * (`/sales-support/order/{id}/details/{orderId}`): every field, an order's lines, the notes, the
 * WhatsApp conversation with the seller it came from, and its history (who changed what, when).
 * Members who may write save the notes on their own, or press Edit: the fields, lines and notes
 * then become the record's form (record-form.tsx) until saved or cancelled, the conversation and
 * the history staying in view.
 */
import type { LeadDetail, OrderDetail } from '@conversa/contract/records';
import { can } from '@conversa/contract/roles';
import type { RecordKind } from '@conversa/contract/sales';
import { useAssistant } from '@conversa/data/assistants/get-assistant';
import { useSession } from '@conversa/data/provider';
import { useRecordFields } from '@conversa/data/sales/record-fields';
import { useRecord } from '@conversa/data/sales/records';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { EmptyState } from '../../components/empty-state/empty-state';
import { consolePaths } from '../../components/sidebar/paths';
import { NavLink } from '../../components/sidebar/nav-link';
import { Waiting } from '../../components/waiting/waiting';
import { Card, PageTitle, SectionHeading, WidePage } from '../../forms/form-layout';
import { LoadFailed } from '../../forms/load-failed';
import { useFailureText } from '../../forms/use-failure-text';
import { History, SellerConversation } from './record-activity';
import { OrderLines, RecordDetails } from './record-details';
import { RecordForm } from './record-form';
import { NotesEditor } from './record-notes';

type Detail = LeadDetail | OrderDetail;

export interface RecordCardProps {
  assistantId: number;
  kind: RecordKind;
  recordId: number;
  onNavigate: (path: string) => void;
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
  const { t } = useLingui();
  const session = useSession();
  const fields = useRecordFields(detail.institution_product_id, kind);
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
  const view = editing ? (
    <Card as="section" aria-labelledby="record-edit">
      <SectionHeading id="record-edit">{kind === 'lead' ? t`Edit lead` : t`Edit order`}</SectionHeading>
      <RecordForm
        kind={kind}
        assistantId={detail.institution_product_id}
        definitions={fields.data?.fields ?? []}
        record={detail}
        onSaved={close}
        onCancel={close}
      />
    </Card>
  ) : (
    <>
      <RecordDetails
        kind={kind}
        detail={detail}
        definitions={fields.data?.fields}
        edit={editable ? { id: editId, onEdit: () => setEditing(true) } : undefined}
      />
      {kind === 'order' ? <OrderLines detail={detail as OrderDetail} /> : null}
      <NotesEditor kind={kind} detail={detail} editable={editable} />
    </>
  );
  return (
    <>
      {view}
      <SellerConversation detail={detail} />
      <History history={detail.history} />
    </>
  );
}
