import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render';
import { SchoolList } from './selectable-table.harness';

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const selectAll = () => box('Select all schools on this page');

describe('SelectableTable', () => {
  it('ticks rows one by one and the whole page, mixed while only some are ticked', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    renderUi(<SchoolList onDelete={onDelete} />);
    expect(screen.getByText('57 schools')).toBeTruthy();
    const remove = screen.getByRole('button', { name: 'Delete selected' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);

    await user.click(box('Select School 1'));
    expect(selectAll().indeterminate).toBe(true);
    expect(selectAll().checked).toBe(false);
    expect(screen.getByText('1 selected')).toBeTruthy();

    await user.click(selectAll());
    // The page's 20 rows but the 4 of Chile, whose checkboxes are disabled.
    expect(screen.getByText('16 selected')).toBeTruthy();
    expect(selectAll().checked).toBe(true);
    expect(selectAll().indeterminate).toBe(false);
    expect(box('Select School 5').disabled).toBe(true);
    expect(box('Select School 5').checked).toBe(false);

    await user.click(remove);
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(onDelete.mock.calls[0]?.[0]).toHaveLength(16);

    await user.click(selectAll());
    expect(screen.getByText('57 schools')).toBeTruthy();
  });

  it('reads the count out politely and works from the keyboard', async () => {
    const user = userEvent.setup();
    renderUi(<SchoolList />);
    expect(screen.getByText('57 schools').getAttribute('aria-live')).toBe('polite');
    selectAll().focus();
    await user.keyboard(' ');
    expect(screen.getByText('16 selected')).toBeTruthy();
  });

  it('pages with the product pager; only the rows on screen stay ticked', async () => {
    const user = userEvent.setup();
    renderUi(<SchoolList />);
    await user.click(box('Select School 1'));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('21–40 of 57')).toBeTruthy();
    expect(screen.getByText('57 schools')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Schools' })).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('School 21');
  });

  it('has no checkboxes when nobody may tick rows', () => {
    renderUi(<SchoolList selectable={false} />);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Country']);
  });

  it('waits, fails and is empty as the table is, or shows its own empty state', () => {
    const { unmount } = renderUi(<SchoolList waiting />);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    unmount();
    const failed = renderUi(<SchoolList rows={[]} error="Not found" />);
    expect(screen.getByRole('alert').textContent).toBe('Not found');
    failed.unmount();
    const none = renderUi(<SchoolList rows={[]} />);
    expect(screen.getByText('No results found')).toBeTruthy();
    none.unmount();
    renderUi(<SchoolList rows={[]} emptyState />);
    expect(screen.getByText('No schools yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
