import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderConfirm } from '../../testing/confirm';
import { TypeToConfirmDialog } from './type-to-confirm-dialog';

const setup = (props: { waiting?: boolean; error?: string } = {}, locale: 'en' | 'es' = 'en') =>
  renderConfirm(
    (handlers) => (
      <TypeToConfirmDialog
        open
        title="Delete Admissions?"
        message="Its files, conversations and records go with it."
        name="Admissions"
        confirmLabel="Delete assistant"
        {...handlers}
        {...props}
      />
    ),
    locale,
  );

describe('TypeToConfirmDialog', () => {
  it('deletes only once the name is typed, by the button or Enter', async () => {
    const { user, onConfirm } = setup();
    const field = screen.getByLabelText('Type Admissions to confirm');
    const remove = screen.getByRole('button', { name: 'Delete assistant' });
    expect(document.activeElement).toBe(field);
    await user.type(field, 'Admission{Enter}');
    expect(remove).toHaveProperty('disabled', true);
    expect(onConfirm).not.toHaveBeenCalled();
    await user.type(field, 's{Enter}');
    expect(onConfirm).toHaveBeenCalledWith('Admissions');
    await user.click(remove);
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it('cancels, except while the deletion runs; shows the server’s failure; speaks Spanish', async () => {
    const first = setup();
    await first.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(first.onCancel).toHaveBeenCalledTimes(1);
    document.body.innerHTML = '';

    const running = setup({ waiting: true, error: 'Something went wrong.' }, 'es');
    expect(screen.getByText('Something went wrong.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Escribe Admissions para confirmar')).toBeTruthy();
    expect(running.onCancel).not.toHaveBeenCalled();
  });
});
