import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../testing/render';
import { PasswordField } from './password-field';
import { passwordIssues } from './password-rules';

function NewPassword() {
  const [value, setValue] = useState('');
  return <PasswordField label="New password" checklist value={value} onChange={setValue} />;
}

const metStates = () =>
  within(screen.getByRole('list', { name: 'Password requirements' }))
    .getAllByRole('listitem')
    .map((item) => `${item.textContent}`);

describe('PasswordField', () => {
  it('updates the checklist as the user types', async () => {
    const user = userEvent.setup();
    renderUi(<NewPassword />);
    const input = screen.getByLabelText('New password');
    expect(metStates()).toEqual([
      'At least 8 characters(missing)',
      'At least one number(missing)',
      'At least one uppercase letter(missing)',
    ]);
    await user.type(input, 'abc1');
    expect(metStates()).toEqual([
      'At least 8 characters(missing)',
      'At least one number(done)',
      'At least one uppercase letter(missing)',
    ]);
    await user.type(input, 'defgH');
    expect(metStates()).toEqual([
      'At least 8 characters(done)',
      'At least one number(done)',
      'At least one uppercase letter(done)',
    ]);
    await user.clear(input);
    expect(metStates().every((text) => text.endsWith('(missing)'))).toBe(true);
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderUi(<NewPassword />);
    const input = screen.getByLabelText('New password');
    expect(input.getAttribute('type')).toBe('password');
    expect(input.getAttribute('autocomplete')).toBe('new-password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.getAttribute('type')).toBe('password');
  });

  it('has no checklist for a current password', () => {
    renderUi(<PasswordField label="Password" value="" onChange={() => {}} />);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
  });

  it('names the broken rules with the contract codes', () => {
    expect(passwordIssues('')).toEqual(['required']);
    expect(passwordIssues('short')).toEqual([
      'password_too_short',
      'password_needs_number',
      'password_needs_uppercase',
    ]);
    expect(passwordIssues('Ñandú2024')).toEqual([]);
  });

  it('speaks Spanish', async () => {
    const user = userEvent.setup();
    renderUi(<PasswordField label="Contraseña" checklist value="Abcdefgh" onChange={() => {}} />, {
      locale: 'es',
    });
    const items = within(screen.getByRole('list', { name: 'Requisitos de la contraseña' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Al menos 8 caracteres(cumplido)',
      'Al menos un número(pendiente)',
      'Al menos una letra mayúscula(cumplido)',
    ]);
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(screen.getByRole('button', { name: 'Ocultar contraseña' })).toBeTruthy();
  });
});
