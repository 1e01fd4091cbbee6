import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render';
import { SortableHarness } from './sortable-list.harness';

describe('SortableList', () => {
  it('moves an item, announces it and keeps the focus on its buttons', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderUi(<SortableHarness names={['A', 'B', 'C']} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Move item 1 up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move item 3 down' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Move item 2 up' }));
    expect(onChange).toHaveBeenLastCalledWith(['B', 'A', 'C']);
    expect(screen.getByRole('status').textContent).toBe('Item moved to position 1 of 3.');
    // At the top, the focus goes to the other move button.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move item 1 down' })),
    );
    await user.click(screen.getByRole('button', { name: 'Move item 2 down' }));
    expect(onChange).toHaveBeenLastCalledWith(['B', 'C', 'A']);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move item 3 up' })),
    );
  });

  it('removes an item, announces it and hands the focus to the add button', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderUi(<SortableHarness names={['A', 'B']} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Remove item 1' }));
    expect(onChange).toHaveBeenLastCalledWith(['B']);
    expect(screen.getByRole('status').textContent).toBe('Item 1 removed.');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add item' })),
    );
  });

  it('names each item by its title, and shows no buttons when not editable', () => {
    renderUi(<SortableHarness names={['A', 'B']} editable={false} />);
    expect(screen.getByRole('list', { name: 'Items' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-labelledby'))).toHaveLength(
      2,
    );
    expect(screen.getByRole('listitem', { name: 'Item 2' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
