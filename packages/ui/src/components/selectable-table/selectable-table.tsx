/**
 * A list's table with what the console's lists share: a line above it counting the rows (or the
 * ticked ones, read out as it changes) beside the bulk actions, a checkbox per row and one that
 * ticks the whole page (mixed while only some are), the pager, and the waiting, error and empty
 * states of `Table`.
 */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { Muted } from '../../primitives/muted';
import { Checkbox } from '../checkbox/checkbox';
import { Table, type TableColumn, type TableProps } from '../table/table';
import type { RowSelection } from '../table/use-row-selection';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  min-height: ${({ theme }) => theme.controlHeight.small};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

/** The ticks of a selectable table and the names screen readers give its checkboxes. */
export interface TableSelection<Row extends { id: Id }, Id extends string | number> {
  state: RowSelection<Id>;
  /** The name of the checkbox in the header ('Select all numbers on this page'). */
  allLabel: string;
  /** The name of a row's checkbox ('Select +34 600 000 001'). */
  rowLabel: (row: Row) => string;
  /** A row that may not be ticked shows its checkbox disabled. */
  canSelect?: (row: Row) => boolean;
}

export interface SelectableTableProps<Row extends { id: Id }, Id extends string | number> extends Omit<
  TableProps<Row>,
  'rowKey'
> {
  /** Omit for a table nobody may tick rows in. */
  selection?: TableSelection<Row, Id>;
  /** The line above the table ('57 numbers', '2 numbers selected'), announced politely. */
  summary?: ReactNode;
  /** The bulk actions beside the summary ('Delete selected'). */
  actions?: ReactNode;
  /** Shown instead of the table when the list has nothing at all (not merely nothing matching). */
  empty?: ReactNode;
}

export function SelectableTable<Row extends { id: Id }, Id extends string | number>({
  selection,
  summary,
  actions,
  empty,
  columns,
  ...table
}: SelectableTableProps<Row, Id>) {
  const ticks: TableColumn<Row>[] = selection
    ? [
        {
          key: 'select',
          width: '3rem',
          header: (
            <Checkbox
              label={<VisuallyHidden>{selection.allLabel}</VisuallyHidden>}
              checked={selection.state.allOn}
              indeterminate={selection.state.count > 0 && !selection.state.allOn}
              onChange={selection.state.toggleAll}
            />
          ),
          cell: (row) => (
            <Checkbox
              label={<VisuallyHidden>{selection.rowLabel(row)}</VisuallyHidden>}
              checked={selection.state.isSelected(row.id)}
              disabled={selection.canSelect ? !selection.canSelect(row) : undefined}
              onChange={(on) => selection.state.toggle(row.id, on)}
            />
          ),
        },
      ]
    : [];
  return (
    <>
      {summary || actions ? (
        <Bar>
          {summary ? <Muted aria-live="polite">{summary}</Muted> : <span />}
          {actions ? <Actions>{actions}</Actions> : null}
        </Bar>
      ) : null}
      {empty ?? <Table {...table} columns={[...ticks, ...columns]} rowKey={(row) => row.id} />}
    </>
  );
}
