/** A list screen in miniature for the stories and the test: it pages sample rows and ticks them. */
import { useState } from 'react';
import { EmptyState } from '../empty-state/empty-state';
import type { TableColumn } from '../table/table';
import { useRowSelection } from '../table/use-row-selection';
import { DeleteSelectedButton } from './bulk-buttons';
import { SelectableTable } from './selectable-table';
import { usePaging } from './use-paging';

export interface School {
  id: number;
  name: string;
  country: string;
}

const countries = ['Spain', 'Mexico', 'Colombia', 'Argentina', 'Chile'];
export const schools: School[] = Array.from({ length: 57 }, (_, i) => ({
  id: i + 1,
  name: `School ${i + 1}`,
  country: countries[i % countries.length] ?? 'Spain',
}));

const columns: TableColumn<School>[] = [
  { key: 'name', header: 'Name', cell: (row) => row.name },
  { key: 'country', header: 'Country', cell: (row) => row.country },
];

export interface SchoolListProps {
  rows?: School[];
  /** Rows can be ticked (those of Chile cannot). */
  selectable?: boolean;
  waiting?: boolean;
  error?: string;
  /** Show the 'nothing yet' state when there are no rows at all. */
  emptyState?: boolean;
  onDelete?: (ids: number[]) => void;
}

export function SchoolList({
  rows = schools,
  selectable = true,
  waiting,
  error,
  emptyState = false,
  onDelete,
}: SchoolListProps) {
  const [search] = useState('');
  const paging = usePaging(search);
  const start = (paging.page - 1) * paging.perPage;
  const page = rows.slice(start, start + paging.perPage);
  const selection = useRowSelection(page.filter((row) => row.country !== 'Chile'));
  const { count } = selection;
  return (
    <SelectableTable
      caption="Schools"
      columns={columns}
      rows={page}
      waiting={waiting}
      error={error}
      pagination={paging.pagination(rows.length)}
      selection={
        selectable
          ? {
              state: selection,
              allLabel: 'Select all schools on this page',
              rowLabel: (row) => `Select ${row.name}`,
              canSelect: (row) => row.country !== 'Chile',
            }
          : undefined
      }
      summary={count > 0 ? `${count} selected` : `${rows.length} schools`}
      actions={
        selectable ? (
          <DeleteSelectedButton
            count={count}
            onClick={() => onDelete?.(selection.present.map((row) => row.id))}
          />
        ) : undefined
      }
      empty={emptyState && rows.length === 0 ? <EmptyState title="No schools yet." /> : undefined}
    />
  );
}
