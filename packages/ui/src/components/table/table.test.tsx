import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render';
import type { PageState } from './pagination';
import { Table, type TableColumn } from './table';

interface Institution {
  id: number;
  name: string;
}

const all: Institution[] = Array.from({ length: 57 }, (_, i) => ({ id: i + 1, name: `School ${i + 1}` }));
const columns: TableColumn<Institution>[] = [
  { key: 'id', header: 'Id', cell: (row) => row.id },
  { key: 'name', header: 'Name', cell: (row) => row.name },
];

/** Pages through `all` the way a list screen pages through the API. */
function Paged({ onRowClick }: { onRowClick?: (row: Institution) => void }) {
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 20 });
  const start = (state.page - 1) * state.pageSize;
  return (
    <Table
      caption="Institutions"
      columns={columns}
      rows={all.slice(start, start + state.pageSize)}
      rowKey={(row) => row.id}
      onRowClick={onRowClick}
      pagination={{ ...state, totalCount: all.length, onChange: setState }}
    />
  );
}

const bodyNames = () =>
  within(screen.getByRole('table', { name: 'Institutions' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => (row as HTMLTableRowElement).cells[1]?.textContent);

describe('Table', () => {
  it('pages with a default size of 20 and the documented page sizes', async () => {
    const user = userEvent.setup();
    renderUi(<Paged />);
    const size = screen.getByLabelText('Rows per page') as HTMLSelectElement;
    expect(size.value).toBe('20');
    expect(Array.from(size.options).map((option) => option.value)).toEqual(['5', '10', '20', '50', '100']);
    expect(bodyNames()).toHaveLength(20);
    expect(screen.getByText('1–20 of 57')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(bodyNames()[0]).toBe('School 21');
    expect(screen.getByText('21–40 of 57')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('41–57 of 57')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);

    await user.selectOptions(size, '50');
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(bodyNames()).toHaveLength(50);
    await user.selectOptions(size, '5');
    expect(bodyNames()).toEqual(['School 1', 'School 2', 'School 3', 'School 4', 'School 5']);
    expect(screen.getByText('Page 1 of 12')).toBeTruthy();
  });

  it('opens rows with a click and with Enter', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    renderUi(<Paged onRowClick={onRowClick} />);
    await user.click(screen.getByText('School 3'));
    const row = screen.getByText('School 4').closest('tr') as HTMLElement;
    row.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick.mock.calls.map(([row]) => row.id)).toEqual([3, 4]);
  });

  it("says 'No results found' when empty", () => {
    renderUi(<Table caption="Leads" columns={columns} rows={[]} rowKey={(row) => row.id} />);
    expect(screen.getByText('No results found')).toBeTruthy();
  });

  it("says 'There are no more results' on an empty later page", () => {
    renderUi(
      <Table
        caption="Leads"
        columns={columns}
        rows={[]}
        rowKey={(row) => row.id}
        pagination={{ page: 4, pageSize: 20, totalCount: 57, onChange: () => {} }}
      />,
    );
    expect(screen.getByText('There are no more results')).toBeTruthy();
  });

  it('waits with a spinner and locks the pagination', () => {
    renderUi(
      <Table
        caption="Leads"
        columns={columns}
        rows={all.slice(0, 3)}
        rowKey={(row) => row.id}
        waiting
        pagination={{ page: 1, pageSize: 20, totalCount: 57, onChange: () => {} }}
      />,
    );
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(screen.queryByText('School 1')).toBeNull();
    expect((screen.getByLabelText('Rows per page') as HTMLSelectElement).disabled).toBe(true);
  });

  it('shows an error instead of rows', () => {
    renderUi(
      <Table caption="Leads" columns={columns} rows={[]} rowKey={(row) => row.id} error="Not found" />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Not found');
  });

  it('speaks Spanish', () => {
    renderUi(
      <Table
        caption="Leads"
        columns={columns}
        rows={[]}
        rowKey={(row) => row.id}
        pagination={{ page: 1, pageSize: 20, totalCount: 0, onChange: () => {} }}
      />,
      { locale: 'es' },
    );
    expect(screen.getByText('No se encontraron resultados')).toBeTruthy();
    expect(screen.getByLabelText('Filas por página')).toBeTruthy();
    expect(screen.getByText('0–0 de 0')).toBeTruthy();
    expect(screen.getByText('Página 1 de 1')).toBeTruthy();
  });
});
