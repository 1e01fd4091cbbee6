import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render';
import { Select, type SelectProps } from './select';

const options = [
  { value: 'es', label: 'Spain' },
  { value: 'mx', label: 'Mexico' },
  { value: 'co', label: 'Colombia', disabled: true },
];

function Controlled({ onValue, ...props }: Partial<SelectProps> & { onValue?: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <Select
      label="Country"
      options={options}
      placeholder="Choose a country"
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

describe('Select', () => {
  it('starts on the placeholder and reports the chosen value', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    renderUi(<Controlled onValue={onValue} />);
    const select = screen.getByLabelText('Country') as HTMLSelectElement;
    expect(select.selectedOptions[0]?.textContent).toBe('Choose a country');
    await user.selectOptions(select, 'mx');
    expect(onValue).toHaveBeenCalledWith('mx');
    expect(select.value).toBe('mx');
    expect(screen.getByRole('option', { name: 'Colombia' }).hasAttribute('disabled')).toBe(true);
  });

  it('is disabled and says so when there are no options', () => {
    renderUi(<Controlled options={[]} />);
    const select = screen.getByLabelText('Country') as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    expect(select.selectedOptions[0]?.textContent).toBe('No options available');
  });

  it('waits while options load', () => {
    renderUi(<Controlled waiting />);
    const select = screen.getByLabelText('Country') as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    expect(select.getAttribute('aria-busy')).toBe('true');
    expect(select.selectedOptions[0]?.textContent).toBe('Loading…');
  });

  it('shows an error', () => {
    renderUi(<Controlled error="This field is required." />);
    const select = screen.getByLabelText('Country');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(select.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'This field is required.',
    );
  });

  it('speaks Spanish', () => {
    renderUi(<Controlled options={[]} />, { locale: 'es' });
    expect((screen.getByLabelText('Country') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
      'No hay opciones disponibles',
    );
  });
});
