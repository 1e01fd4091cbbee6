/**
 * An assistant's conversations on its dashboard: a search (debounced 500 ms), the "needs a person"
 * (waiting for a person: docs/product.md#live-conversations), handoff and contact filters, who
 * answers each, the dashboard's date range, pages of 5-100, row selection with a confirmed bulk
 * delete, and the filtered list as CSV.
 */
import { formatDateTime } from '@conversa/contract/date-format';
import { SEARCH_DEBOUNCE_MS } from '@conversa/contract/constants';
import type { ConversationListItem } from '@conversa/contract/conversation';
import { useDeleteConversations } from '@conversa/data/conversations/delete-conversations';
import { downloadConversations } from '@conversa/data/conversations/download-conversations';
import { useConversations } from '@conversa/data/conversations/list-conversations';
import { useDataClient } from '@conversa/data/provider';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { Checkbox } from '../../components/checkbox/checkbox';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { consolePaths } from '../../components/sidebar/paths';
import { NavLink } from '../../components/sidebar/nav-link';
import { useRowSelection } from '../../components/table/use-row-selection';
import { DeleteSelectedButton, DownloadCsvButton } from '../../components/selectable-table/bulk-buttons';
import { SelectableTable } from '../../components/selectable-table/selectable-table';
import { usePaging } from '../../components/selectable-table/use-paging';
import type { TableColumn } from '../../components/table/table';
import { TextField } from '../../components/text-field/text-field';
import { useDebounced } from '../../forms/use-debounced';
import { useListActions } from '../../forms/use-list-actions';
import { useListState } from '../../forms/use-list-state';
import { VisuallyHidden } from '../../primitives/visually-hidden';

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(4)};
  > :first-child {
    flex: 1 1 16rem;
  }
`;

const Filters = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(4)};
  margin: 0;
  padding: 0;
  border: none;
`;

export interface ConversationListProps {
  assistantId: number;
  /** The dashboard's days (`YYYY-MM-DD`, '' for open). */
  from: string;
  to: string;
  onNavigate: (path: string) => void;
}

/** The filters above the table, the actions over the selection, and the table. */
export function ConversationList({ assistantId, from, to, onNavigate }: ConversationListProps) {
  const { t } = useLingui();
  const client = useDataClient();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [handoff, setHandoff] = useState(false);
  const [contact, setContact] = useState(false);
  const [needsPerson, setNeedsPerson] = useState(false);
  const filters = { q, handoff, contact, from, to, status: needsPerson ? ('waiting' as const) : null };
  const paging = usePaging(JSON.stringify(filters));
  const list = useConversations(assistantId, { ...filters, page: paging.page, perPage: paging.perPage });
  const listState = useListState(list);
  const rows = list.data?.items ?? [];
  const selection = useRowSelection(rows);
  const { count } = selection;
  const remove = useDeleteConversations();

  const actions = useListActions({
    selection,
    remove: (ids) => remove.trigger(ids),
    download: () => downloadConversations(client, assistantId, filters),
  });

  const languages = { en: t`English`, es: t`Spanish` };
  const yesNo = (value: boolean) => (value ? t`Yes` : t`No`);
  const columns: TableColumn<ConversationListItem>[] = [
    {
      key: 'last',
      header: t`Last interaction`,
      cell: (row) => (
        <NavLink href={consolePaths.preSalesConversation(assistantId, row.id)} onNavigate={onNavigate}>
          {formatDateTime(row.last_interaction_at)}
        </NavLink>
      ),
    },
    { key: 'first', header: t`First question`, cell: (row) => row.first_question ?? '—' },
    {
      key: 'status',
      header: t`Answered by`,
      cell: (row) =>
        row.status === 'waiting'
          ? t`Needs a person`
          : row.status === 'human'
            ? (row.agent?.full_name ?? t`A person`)
            : t`Assistant`,
    },
    { key: 'messages', header: t`Messages`, align: 'end', cell: (row) => row.message_count },
    { key: 'language', header: t`Language`, cell: (row) => languages[row.locale] },
    { key: 'handoff', header: t`Handoff`, cell: (row) => yesNo(row.handoff) },
    {
      key: 'contact',
      header: t`Contact`,
      cell: (row) =>
        row.contact
          ? [row.contact.name, row.contact.email, row.contact.phone].filter(Boolean).join(' · ')
          : '—',
    },
    { key: 'overview', header: t`Overview`, cell: (row) => yesNo(row.has_overview) },
  ];

  return (
    <>
      <Toolbar>
        <TextField
          label={t`Search in the messages`}
          type="search"
          name="q"
          value={search}
          onChange={setSearch}
        />
        <Filters>
          <VisuallyHidden as="legend">{t`Filters`}</VisuallyHidden>
          <Checkbox label={t`Needs a person`} checked={needsPerson} onChange={setNeedsPerson} />
          <Checkbox label={t`A person was offered`} checked={handoff} onChange={setHandoff} />
          <Checkbox label={t`Left a contact`} checked={contact} onChange={setContact} />
        </Filters>
      </Toolbar>
      <SelectableTable
        caption={t`Conversations`}
        columns={columns}
        rows={rows}
        {...listState}
        pagination={paging.pagination(list.data?.totalCount ?? 0)}
        selection={{
          state: selection,
          allLabel: t`Select all conversations on this page`,
          rowLabel: (row) => t`Select the conversation of ${formatDateTime(row.last_interaction_at)}`,
        }}
        summary={
          count > 0
            ? t({
                message: plural(count, { one: '# conversation selected', other: '# conversations selected' }),
              })
            : t({
                message: plural(list.data?.totalCount ?? 0, {
                  one: '# conversation',
                  other: '# conversations',
                }),
              })
        }
        actions={
          <>
            <DownloadCsvButton waiting={actions.downloading} onClick={() => void actions.download()} />
            <DeleteSelectedButton count={count} onClick={actions.askToDelete} />
          </>
        }
      />
      <ConfirmDialog
        open={actions.confirming}
        title={t({
          message: plural(count, { one: 'Delete # conversation?', other: 'Delete # conversations?' }),
        })}
        message={t`Their messages, contacts and overviews are deleted. This cannot be undone.`}
        waiting={remove.isMutating}
        onConfirm={() => void actions.confirmDelete()}
        onCancel={actions.cancelDelete}
      />
    </>
  );
}
