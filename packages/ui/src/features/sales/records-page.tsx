/**
 * Leads (`/sales-support/leads/{id}`) and Orders (`/sales-support/orders/{id}`): what the sellers
 * entered on WhatsApp and staff in the console. A search (debounced 500 ms), the date range, the
 * seller and company filters, the sort, pages of 5-100, row selection with a confirmed bulk delete
 * ('Delete successfully.') and the filtered list as CSV. The configured fields are columns. Members
 * who may write add a record ('New lead', 'New order') and import leads from a CSV.
 */
import { formatDateTime, formatDay } from '@conversa/contract/date-format';
import { SEARCH_DEBOUNCE_MS } from '@conversa/contract/constants';
import type { Lead, Order } from '@conversa/contract/records';
import { can, type Permission } from '@conversa/contract/roles';
import type { FieldDefinition, RecordKind } from '@conversa/contract/sales';
import { useDataClient, useSession } from '@conversa/data/provider';
import { useRecordFields } from '@conversa/data/sales/record-fields';
import { downloadRecords, useDeleteRecords, useRecords } from '@conversa/data/sales/records';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { DateRange, type DateRangeValue } from '../../components/date-range/date-range';
import { EmptyState } from '../../components/empty-state/empty-state';
import { Select } from '../../components/select/select';
import { consolePaths } from '../../components/sidebar/paths';
import { NavLink } from '../../components/sidebar/nav-link';
import { DeleteSelectedButton, DownloadCsvButton } from '../../components/selectable-table/bulk-buttons';
import { SelectableTable } from '../../components/selectable-table/selectable-table';
import { usePaging } from '../../components/selectable-table/use-paging';
import type { TableColumn } from '../../components/table/table';
import { useRowSelection } from '../../components/table/use-row-selection';
import { TextField } from '../../components/text-field/text-field';
import { Card, Page, PageTitle } from '../../forms/form-layout';
import { useDebounced } from '../../forms/use-debounced';
import { useListActions } from '../../forms/use-list-actions';
import { useListState } from '../../forms/use-list-state';
import { ImportLeadsDialog } from './import-leads-dialog';
import { NewRecordDialog } from './new-record-dialog';
import { SalesAssistantGate } from './sales-assistant-gate';

/** The lists are wide: many columns. */
const WidePage = styled(Page)`
  max-width: 80rem;
`;

const Filters = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr));
  align-items: end;
  gap: ${({ theme }) => theme.space(4)};
`;

type Row = Lead | Order;

const READ: Record<RecordKind, Permission> = { lead: 'lead.read', order: 'order.read' };
const WRITE: Record<RecordKind, Permission> = { lead: 'lead.write', order: 'order.write' };

export interface RecordsPageProps {
  assistantId: number;
  kind: RecordKind;
  onNavigate: (path: string) => void;
}

/** The page: the list of a sales-support assistant's leads or orders, or why there is none. */
export function RecordsPage({ assistantId, kind, onNavigate }: RecordsPageProps) {
  const { t } = useLingui();
  const session = useSession();
  const title = kind === 'lead' ? t`Leads` : t`Orders`;
  let body;
  if (!can(session.roles, READ[kind])) {
    body = (
      <EmptyState title={kind === 'lead' ? t`You cannot see the leads.` : t`You cannot see the orders.`} />
    );
  } else {
    body = (
      <SalesAssistantGate assistantId={assistantId}>
        <RecordList assistantId={assistantId} kind={kind} onNavigate={onNavigate} />
      </SalesAssistantGate>
    );
  }
  return (
    <WidePage>
      <PageTitle>{title}</PageTitle>
      {can(session.roles, READ[kind]) ? (
        <NavLink
          href={
            kind === 'lead'
              ? consolePaths.salesSupportLeadsDashboard(assistantId)
              : consolePaths.salesSupportOrdersDashboard(assistantId)
          }
          onNavigate={onNavigate}
        >
          {t`Dashboard`}
        </NavLink>
      ) : null}
      {body}
    </WidePage>
  );
}

/** A configured field's value as a cell (a date as the reader writes dates). */
function fieldText(definition: FieldDefinition, value: string | number | null | undefined, locale: string) {
  if (value === null || value === undefined) return '—';
  if (definition.type === 'date' && typeof value === 'string') return formatDay(value);
  if (typeof value === 'number') return new Intl.NumberFormat(locale).format(value);
  return value;
}

function RecordList({ assistantId, kind, onNavigate }: RecordsPageProps) {
  const { t, i18n } = useLingui();
  const client = useDataClient();
  const session = useSession();
  const fields = useRecordFields(assistantId, kind);
  const definitions = fields.data?.fields ?? [];
  const [search, setSearch] = useState('');
  const [sellerText, setSellerText] = useState('');
  const [companyText, setCompanyText] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const seller = useDebounced(sellerText.trim(), SEARCH_DEBOUNCE_MS);
  const company = useDebounced(companyText.trim(), SEARCH_DEBOUNCE_MS);
  const [range, setRange] = useState<DateRangeValue>({ start: '', end: '' });
  const [sort, setSort] = useState<'date' | 'company'>('date');
  const filters = { q, seller, company, from: range.start, to: range.end, sort };
  const paging = usePaging(JSON.stringify(filters));
  const list = useRecords(kind, assistantId, { ...filters, page: paging.page, perPage: paging.perPage });
  const listState = useListState(list);
  const rows: Row[] = list.data?.items ?? [];
  const selection = useRowSelection(rows);
  const { count } = selection;
  const editable = can(session.roles, WRITE[kind]);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const remove = useDeleteRecords(kind);

  const actions = useListActions({
    selection,
    remove: (ids) => remove.trigger(ids),
    download: () => downloadRecords(client, kind, assistantId, filters),
  });

  const own: TableColumn<Row>[] =
    kind === 'lead'
      ? [
          { key: 'contact', header: t`Contact`, cell: (row) => (row as Lead).contact_name },
          {
            key: 'reach',
            header: t`Phone and email`,
            cell: (row) => [(row as Lead).phone, (row as Lead).email].filter(Boolean).join(' · ') || '—',
          },
        ]
      : [
          { key: 'lines', header: t`Lines`, align: 'end', cell: (row) => (row as Order).lines.length },
          {
            key: 'quantity',
            header: t`Total quantity`,
            align: 'end',
            cell: (row) =>
              new Intl.NumberFormat(i18n.locale).format(
                (row as Order).lines.reduce((sum, line) => sum + line.quantity, 0),
              ),
          },
        ];
  const columns: TableColumn<Row>[] = [
    {
      key: 'date',
      header: t`Date`,
      cell: (row) => (
        <NavLink
          href={
            kind === 'lead'
              ? consolePaths.salesSupportLead(assistantId, row.id)
              : consolePaths.salesSupportOrder(assistantId, row.id)
          }
          onNavigate={onNavigate}
        >
          {formatDateTime(row.created_at)}
        </NavLink>
      ),
    },
    { key: 'company', header: t`Company`, cell: (row) => row.company },
    ...own,
    { key: 'seller', header: t`Seller`, cell: (row) => row.seller },
    ...definitions.map((definition): TableColumn<Row> => ({
      key: `field-${definition.key}`,
      header: definition.labels[i18n.locale === 'es' ? 'es' : 'en'],
      cell: (row) => fieldText(definition, row.fields[definition.key], i18n.locale),
    })),
    { key: 'notes', header: t`Notes`, cell: (row) => row.notes ?? '—' },
  ];
  const total = list.data?.totalCount ?? 0;

  return (
    <Card>
      <Filters>
        <TextField
          label={kind === 'lead' ? t`Search the leads` : t`Search the orders`}
          hint={
            kind === 'lead' ? t`Company, contact or notes.` : t`Company, notes, product code or description.`
          }
          type="search"
          name="q"
          value={search}
          onChange={setSearch}
        />
        <TextField
          label={t`Company`}
          type="search"
          name="company"
          value={companyText}
          onChange={setCompanyText}
        />
        <TextField
          label={t`Seller`}
          type="search"
          name="seller"
          value={sellerText}
          onChange={setSellerText}
        />
        <Select
          label={t`Sort by`}
          value={sort}
          onChange={(value) => setSort(value as 'date' | 'company')}
          options={[
            { value: 'date', label: t`Newest first` },
            { value: 'company', label: t`Company, A to Z` },
          ]}
        />
      </Filters>
      <DateRange label={t`Date`} value={range} onChange={setRange} />
      <SelectableTable
        caption={kind === 'lead' ? t`Leads` : t`Orders`}
        columns={columns}
        rows={rows}
        // The configured fields wait too: their columns must not pop in beside rows already shown.
        waiting={listState.waiting || (fields.isLoading && !fields.data)}
        error={listState.error}
        pagination={paging.pagination(total)}
        selection={
          editable
            ? {
                state: selection,
                allLabel:
                  kind === 'lead' ? t`Select all leads on this page` : t`Select all orders on this page`,
                rowLabel: (row) => t`Select ${row.company}, ${formatDateTime(row.created_at)}`,
              }
            : undefined
        }
        summary={
          count > 0
            ? kind === 'lead'
              ? t({ message: plural(count, { one: '# lead selected', other: '# leads selected' }) })
              : t({ message: plural(count, { one: '# order selected', other: '# orders selected' }) })
            : kind === 'lead'
              ? t({ message: plural(total, { one: '# lead', other: '# leads' }) })
              : t({ message: plural(total, { one: '# order', other: '# orders' }) })
        }
        actions={
          <>
            {editable ? (
              <Button size="small" onClick={() => setAdding(true)}>
                {kind === 'lead' ? t`New lead` : t`New order`}
              </Button>
            ) : null}
            {editable && kind === 'lead' ? (
              <Button variant="secondary" size="small" onClick={() => setImporting(true)}>
                {t`Import CSV`}
              </Button>
            ) : null}
            <DownloadCsvButton waiting={actions.downloading} onClick={() => void actions.download()} />
            {editable ? <DeleteSelectedButton count={count} onClick={actions.askToDelete} /> : null}
          </>
        }
      />
      <ConfirmDialog
        open={actions.confirming}
        title={
          kind === 'lead'
            ? t({ message: plural(count, { one: 'Delete # lead?', other: 'Delete # leads?' }) })
            : t({ message: plural(count, { one: 'Delete # order?', other: 'Delete # orders?' }) })
        }
        message={t`This cannot be undone.`}
        waiting={remove.isMutating}
        onConfirm={() => void actions.confirmDelete()}
        onCancel={actions.cancelDelete}
      />
      <NewRecordDialog kind={kind} assistantId={assistantId} open={adding} onClose={() => setAdding(false)} />
      {kind === 'lead' ? (
        <ImportLeadsDialog assistantId={assistantId} open={importing} onClose={() => setImporting(false)} />
      ) : null}
    </Card>
  );
}
