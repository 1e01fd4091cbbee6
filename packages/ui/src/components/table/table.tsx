/** A data table with waiting, error and empty states and pagination under it. */
import type { KeyboardEvent, ReactNode } from 'react';
import styled from 'styled-components';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { EmptyState } from '../empty-state/empty-state';
import { Waiting } from '../waiting/waiting';
import { type PageState, Pagination } from './pagination';

export interface TableColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  width?: string;
  align?: 'start' | 'end';
}

const Frame = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  overflow: hidden;
`;

const Scroll = styled.div`
  overflow-x: auto;
`;

const Grid = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9375rem;
`;

const Head = styled.th<{ $align: 'start' | 'end' }>`
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  text-align: ${({ $align }) => $align};
  font-size: 0.8125rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.textMuted};
  background: ${({ theme }) => theme.colors.background};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  white-space: nowrap;
`;

const Cell = styled.td<{ $align: 'start' | 'end' }>`
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  text-align: ${({ $align }) => $align};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const BodyRow = styled.tr<{ $clickable: boolean }>`
  cursor: ${({ $clickable }) => ($clickable ? 'pointer' : 'default')};
  &:hover {
    background: ${({ theme, $clickable }) => ($clickable ? theme.colors.hover : 'transparent')};
  }
  &:last-child > td {
    border-bottom: none;
  }
`;

const ErrorBox = styled.div`
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(4)};
  text-align: center;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 500;
`;

export interface TableProps<Row> {
  /** Names the table for screen readers. */
  caption: string;
  columns: TableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** Rows are loading: the body shows a spinner. */
  waiting?: boolean;
  /** A translated message shown instead of the rows. */
  error?: ReactNode;
  /** Makes rows clickable (and operable with Enter). */
  onRowClick?: (row: Row) => void;
  /** Omit for a table without pagination. */
  pagination?: PageState & { totalCount: number; onChange: (next: PageState) => void };
}

/** Empty: 'No results found' (or 'There are no more results' past page 1). */
export function Table<Row>({
  caption,
  columns,
  rows,
  rowKey,
  waiting = false,
  error,
  onRowClick,
  pagination,
}: TableProps<Row>) {
  const onKey = (row: Row) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowClick?.(row);
    }
  };
  const body = waiting ? (
    <Waiting block size="large" />
  ) : error ? (
    <ErrorBox role="alert">{error}</ErrorBox>
  ) : rows.length === 0 ? (
    <EmptyState kind={pagination && pagination.page > 1 ? 'no-more' : 'no-results'} />
  ) : null;
  return (
    <Frame>
      <Scroll>
        <Grid aria-busy={waiting || undefined}>
          <caption>
            <VisuallyHidden>{caption}</VisuallyHidden>
          </caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <Head
                  key={column.key}
                  scope="col"
                  $align={column.align ?? 'start'}
                  style={{ width: column.width }}
                >
                  {column.header}
                </Head>
              ))}
            </tr>
          </thead>
          <tbody>
            {body ? (
              <tr>
                <td colSpan={columns.length}>{body}</td>
              </tr>
            ) : (
              rows.map((row) => (
                <BodyRow
                  key={rowKey(row)}
                  $clickable={Boolean(onRowClick)}
                  tabIndex={onRowClick ? 0 : undefined}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  onKeyDown={onRowClick ? onKey(row) : undefined}
                >
                  {columns.map((column) => (
                    <Cell key={column.key} $align={column.align ?? 'start'}>
                      {column.cell(row)}
                    </Cell>
                  ))}
                </BodyRow>
              ))
            )}
          </tbody>
        </Grid>
      </Scroll>
      {pagination ? <Pagination {...pagination} disabled={waiting} /> : null}
    </Frame>
  );
}
