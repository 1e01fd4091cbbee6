import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render';
import { ConfirmDialog } from './confirm-dialog';

function setup(props: { waiting?: boolean } = {}, locale: 'en' | 'es' = 'en') {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  renderUi(
    <ConfirmDialog
      open
      title="Delete 2 files?"
      message="This cannot be undone."
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    />,
    { locale },
  );
  return { onConfirm, onCancel, user: userEvent.setup() };
}

describe('ConfirmDialog', () => {
  it('focuses Cancel first, so Enter cancels', async () => {
    const { user, onConfirm, onCancel } = setup();
    expect(screen.getByRole('dialog', { name: 'Delete 2 files?' }).textContent).toContain(
      'This cannot be undone.',
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms with Tab then Enter', async () => {
    const { user, onConfirm, onCancel } = setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete' }));
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels with Escape', async () => {
    const { user, onConfirm, onCancel } = setup();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('cannot be cancelled or confirmed again while the action runs', async () => {
    const { user, onConfirm, onCancel } = setup({ waiting: true });
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: /Delete/ }));
    expect(onCancel).not.toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('speaks Spanish', () => {
    setup({}, 'es');
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Eliminar' })).toBeTruthy();
  });
});
