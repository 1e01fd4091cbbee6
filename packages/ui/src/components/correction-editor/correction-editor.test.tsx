import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render';
import { CorrectionEditor } from './correction-editor';

function setup(props: { saving?: boolean; error?: string } = {}, locale: 'en' | 'es' = 'en') {
  const onSave = vi.fn();
  const onCancel = vi.fn();
  renderUi(
    <CorrectionEditor
      answer="The fee is 400 euros."
      sources={[
        { kind: 'faq', title: 'How much is the fee?', file_id: null },
        { kind: 'faq', title: 'How much is the fee?', file_id: null },
        { kind: 'knowledge_base', title: null, file_id: null },
      ]}
      onSave={onSave}
      onCancel={onCancel}
      {...props}
    />,
    { locale },
  );
  return { onSave, onCancel, user: userEvent.setup() };
}

describe('CorrectionEditor', () => {
  it('starts from the answer, names the passages it used once, and saves the corrected text', async () => {
    const { user, onSave, onCancel } = setup();
    const field = screen.getByLabelText('Corrected answer') as HTMLTextAreaElement;
    expect(field.value).toBe('The fee is 400 euros.');
    expect(screen.getByText('Passages it used: How much is the fee?, Knowledge base')).toBeTruthy();
    await user.clear(field);
    expect(screen.getByRole('button', { name: 'Save correction' })).toHaveProperty('disabled', true);
    await user.type(field, 'The fee is 450 euros a month.');
    await user.click(screen.getByRole('button', { name: 'Save correction' }));
    expect(onSave).toHaveBeenCalledWith('The fee is 450 euros a month.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('shows why a save failed, waits while saving, and speaks Spanish', () => {
    setup({ saving: true, error: 'The FAQ list is full.' }, 'es');
    expect(screen.getByText('The FAQ list is full.')).toBeTruthy();
    expect(screen.getByLabelText('Respuesta corregida')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Guardar/ })).toHaveProperty('disabled', true);
  });
});
