import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderConfirm } from '../../testing/confirm';
import { ConfirmDialog } from './confirm-dialog';

const setup = (props: { waiting?: boolean } = {}, locale: 'en' | 'es' = 'en') =>
  renderConfirm(
    (handlers) => (
      <ConfirmDialog open title="Delete 2 files?" message="This cannot be undone." {...handlers} {...props} />
    ),
    locale,
  );

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

  it('asks what its children ask: their field keeps the focus, and confirming waits for it', async () => {
    const { user, onConfirm } = renderConfirm((handlers) => (
      <ConfirmDialog open title="Delete Admissions?" confirmDisabled {...handlers}>
        <input aria-label="Reason" autoFocus />
      </ConfirmDialog>
    ));
    expect(document.activeElement).toBe(screen.getByLabelText('Reason'));
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(remove).toHaveProperty('disabled', true);
    await user.click(remove);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
