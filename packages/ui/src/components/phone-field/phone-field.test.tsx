import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render';
import { isValidPhone, toE164 } from './phone';
import { PhoneField } from './phone-field';

function Controlled({ onValue, defaultCountry }: { onValue?: (v: string) => void; defaultCountry?: 'ES' }) {
  const [value, setValue] = useState('');
  return (
    <>
      <PhoneField
        label="Phone number"
        value={value}
        defaultCountry={defaultCountry}
        onChange={(next) => {
          setValue(next);
          onValue?.(next);
        }}
      />
      <button type="button">elsewhere</button>
    </>
  );
}

describe('PhoneField', () => {
  it('says a wrong number is invalid when leaving the field, and clears it once fixed', async () => {
    const user = userEvent.setup();
    renderUi(<Controlled />);
    const input = screen.getByLabelText('Phone number');
    await user.type(input, '+34 12');
    expect(screen.queryByText('Invalid phone number.')).toBeNull();
    await user.tab();
    expect(screen.getByText('Invalid phone number.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await user.clear(input);
    await user.type(input, '+34 600 123 456');
    expect(screen.queryByText('Invalid phone number.')).toBeNull();
  });

  it('hands out the E.164 form of a valid number on blur', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    renderUi(<Controlled onValue={onValue} defaultCountry="ES" />);
    const input = screen.getByLabelText('Phone number') as HTMLInputElement;
    await user.type(input, '600 123 456');
    await user.tab();
    expect(onValue).toHaveBeenLastCalledWith('+34600123456');
    expect(input.value).toBe('+34600123456');
  });

  it('leaves an empty field alone', async () => {
    const user = userEvent.setup();
    renderUi(<Controlled />);
    await user.click(screen.getByLabelText('Phone number'));
    await user.tab();
    expect(screen.queryByText('Invalid phone number.')).toBeNull();
  });

  it('validates like the contract', () => {
    expect(isValidPhone('+34 12')).toBe(false);
    expect(isValidPhone('+34 600 123 456')).toBe(true);
    expect(toE164('+52 55 1234 5678')).toBe('+525512345678');
    expect(toE164('612 345 678', 'ES')).toBe('+34612345678');
    expect(toE164('not a phone')).toBeNull();
  });

  it('speaks Spanish', async () => {
    const user = userEvent.setup();
    renderUi(<Controlled />, { locale: 'es' });
    await user.type(screen.getByLabelText('Phone number'), '123');
    await user.tab();
    expect(screen.getByText('Número de teléfono no válido.')).toBeTruthy();
  });
});
