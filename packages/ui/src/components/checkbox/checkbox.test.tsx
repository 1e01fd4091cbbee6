import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render';
import { Checkbox } from './checkbox';

function Controlled({ disabled, onValue }: { disabled?: boolean; onValue?: (v: boolean) => void }) {
  const [checked, setChecked] = useState(false);
  return (
    <Checkbox
      label="I accept the terms"
      description="Read them first."
      checked={checked}
      disabled={disabled}
      onChange={(next) => {
        setChecked(next);
        onValue?.(next);
      }}
    />
  );
}

describe('Checkbox', () => {
  it('toggles by clicking its label and with Space', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    renderUi(<Controlled onValue={onValue} />);
    const box = screen.getByRole('checkbox', { name: 'I accept the terms' }) as HTMLInputElement;
    await user.click(screen.getByText('I accept the terms'));
    expect(box.checked).toBe(true);
    box.focus();
    await user.keyboard(' ');
    expect(box.checked).toBe(false);
    expect(onValue.mock.calls).toEqual([[true], [false]]);
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Read them first.',
    );
  });

  it('does not change when disabled', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    renderUi(<Controlled disabled onValue={onValue} />);
    await user.click(screen.getByRole('checkbox'));
    expect(onValue).not.toHaveBeenCalled();
  });

  it('can be indeterminate and show an error', () => {
    renderUi(<Checkbox label="All" checked={false} indeterminate error="Pick one." onChange={() => {}} />);
    const box = screen.getByRole('checkbox', { name: 'All' }) as HTMLInputElement;
    expect(box.indeterminate).toBe(true);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Pick one.')).toBeTruthy();
  });
});
